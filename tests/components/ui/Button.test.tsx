import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button } from '../../../src/components/ui/Button.tsx';
import { renderWithI18n } from '../render.tsx';

describe('Button', () => {
  it('is a button of type button by default and reports clicks', async () => {
    const onClick = vi.fn();
    renderWithI18n(<Button onClick={onClick}>Exchange</Button>);
    const button = screen.getByRole('button', { name: 'Exchange' });
    expect(button).toHaveAttribute('type', 'button');
    await userEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('applies the colour and size variants', () => {
    renderWithI18n(
      <>
        <Button color="gray" size="xsmall">
          Gray
        </Button>
        <Button color="border" size="big">
          Border
        </Button>
        <Button color="transparent" size="custom" className="h-20">
          Custom
        </Button>
      </>,
    );
    expect(screen.getByRole('button', { name: 'Gray' }).className).toMatch(/bg-slate-200/);
    expect(screen.getByRole('button', { name: 'Gray' }).className).toMatch(/h-7/);
    expect(screen.getByRole('button', { name: 'Border' }).className).toMatch(/border-current/);
    expect(screen.getByRole('button', { name: 'Border' }).className).toMatch(/h-13/);
    expect(screen.getByRole('button', { name: 'Custom' }).className).toMatch(/h-20/);
  });

  it('while loading is busy, disabled, shows a spinner and ignores clicks', async () => {
    const onClick = vi.fn();
    renderWithI18n(
      <Button loading onClick={onClick}>
        Pay
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Pay' });
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(button).toBeDisabled();
    expect(button.querySelector('svg.animate-spin')).not.toBeNull();
    await userEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });

  it('with href renders a link into the active language', () => {
    renderWithI18n(<Button href="/register">Register</Button>, { locale: 'en' });
    expect(screen.getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/en/register');
  });

  it('with href in Russian links to the unprefixed path, and navigates on click', async () => {
    const { location } = renderWithI18n(<Button href="/rules">Правила</Button>, { locale: 'ru', path: '/faq' });
    const link = screen.getByRole('link', { name: 'Правила' });
    expect(link).toHaveAttribute('href', '/rules');
    await userEvent.click(link);
    expect(location.history?.at(-1)).toBe('/rules');
  });
});
