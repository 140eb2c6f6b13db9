// A form the server rendered is inert until the browser has hydrated it: its fields take no typing (which the
// hydrated form would replace) and its submit button is disabled and busy (a native submit would send what was
// typed as a GET). Once hydrated, the same markup works; a form mounted later by the browser works at once.
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button } from '../../../src/components/ui/Button.tsx';
import { TextInput } from '../../../src/components/ui/TextInput.tsx';
import { HydrationProvider } from '../../../src/components/hydration.tsx';
import { hydrate } from '../hydrate.tsx';

function SignUpForm({ onSubmit }: { onSubmit: () => void }) {
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <TextInput label="E-mail" name="email" defaultValue="" />
      <Button type="button">Show rules</Button>
      <Button type="submit">Sign up</Button>
    </form>
  );
}

/** The page as the server renders it and the browser hydrates it: inside the app's hydration flag. */
function ServerRenderedPage({ onSubmit }: { onSubmit: () => void }) {
  return (
    <HydrationProvider serverRendered>
      <SignUpForm onSubmit={onSubmit} />
    </HydrationProvider>
  );
}

describe('a server-rendered form before and after hydration', () => {
  it('is inert in the server HTML: read-only field, disabled busy submit, other buttons untouched', () => {
    document.body.innerHTML = `<div id="root">${renderToString(<ServerRenderedPage onSubmit={() => {}} />)}</div>`;
    const field = screen.getByLabelText('E-mail');
    const submit = screen.getByRole('button', { name: 'Sign up' });
    expect(field).toHaveAttribute('readonly');
    expect(submit).toBeDisabled();
    expect(submit).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('button', { name: 'Show rules' })).toBeEnabled();
  });

  it('takes typing and submits once hydrated', async () => {
    const onSubmit = vi.fn();
    const errors = vi.spyOn(console, 'error');
    await hydrate(renderToString(<ServerRenderedPage onSubmit={onSubmit} />), <ServerRenderedPage onSubmit={onSubmit} />);
    // The hydrating render equals the server's (no mismatch); the fields open right after it.
    expect(errors).not.toHaveBeenCalled();
    const field = screen.getByLabelText('E-mail');
    const submit = screen.getByRole('button', { name: 'Sign up' });
    expect(field).not.toHaveAttribute('readonly');
    expect(submit).toBeEnabled();
    expect(submit).not.toHaveAttribute('aria-busy');
    await userEvent.type(field, 'a@b.example');
    expect(field).toHaveValue('a@b.example');
    await userEvent.click(submit);
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('works at once when the browser renders it without server HTML', () => {
    render(<SignUpForm onSubmit={() => {}} />);
    expect(screen.getByLabelText('E-mail')).not.toHaveAttribute('readonly');
    expect(screen.getByRole('button', { name: 'Sign up' })).toBeEnabled();
  });
});
