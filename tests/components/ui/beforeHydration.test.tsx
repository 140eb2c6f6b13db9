// A form the server rendered is inert until the browser has hydrated it: its fields take no typing (which the
// hydrated form would replace) and its submit button is disabled and busy (a native submit would send what was
// typed as a GET). Once hydrated, the same markup works; a form mounted later by the browser works at once.
import { act } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button } from '../../../src/components/ui/Button.tsx';
import { TextInput } from '../../../src/components/ui/TextInput.tsx';
import { HydrationProvider } from '../../../src/components/hydration.tsx';

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

// Testing Library sets this around its own calls; hydrateRoot is called here directly.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

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
    const container = document.createElement('div');
    container.innerHTML = renderToString(<ServerRenderedPage onSubmit={onSubmit} />);
    document.body.append(container);
    await act(async () => {
      root = hydrateRoot(container, <ServerRenderedPage onSubmit={onSubmit} />);
    });
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
