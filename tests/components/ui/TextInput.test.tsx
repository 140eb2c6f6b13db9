import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TextInput } from '../../../src/components/ui/TextInput.tsx';
import { renderWithI18n } from '../render.tsx';

describe('TextInput', () => {
  it('is labelled and takes typing', async () => {
    renderWithI18n(<TextInput label="E-mail" name="email" />);
    const input = screen.getByRole('textbox', { name: 'E-mail' });
    await userEvent.type(input, 'demo@example.com');
    expect(input).toHaveValue('demo@example.com');
    expect(input).not.toHaveAttribute('aria-invalid');
  });

  it('describes the input by its hint', () => {
    renderWithI18n(<TextInput label="Wallet" hint="TRC20 address starting with T" />);
    expect(screen.getByRole('textbox', { name: 'Wallet' })).toHaveAccessibleDescription(
      'TRC20 address starting with T',
    );
  });

  it('marks an error: aria-invalid and described by hint and error', () => {
    renderWithI18n(<TextInput label="Card" hint="16 digits" error="Invalid card number" />);
    const input = screen.getByRole('textbox', { name: 'Card' });
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('16 digits Invalid card number');
    expect(screen.getByText('Invalid card number')).toBeVisible();
  });

  it('shows icons on both sides', () => {
    renderWithI18n(
      <TextInput label="Search" leftIcon={<span data-testid="left" />} rightIcon={<span data-testid="right" />} />,
    );
    expect(screen.getByTestId('left')).toBeInTheDocument();
    expect(screen.getByTestId('right')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Search' }).className).toMatch(/pl-10/);
  });

  it('while loading is busy and shows a spinner instead of the right icon', () => {
    renderWithI18n(<TextInput label="Promo code" loading rightIcon={<span data-testid="right" />} />);
    const input = screen.getByRole('textbox', { name: 'Promo code' });
    expect(input).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByTestId('right')).toBeNull();
    expect(input.parentElement?.querySelector('svg.animate-spin')).not.toBeNull();
  });

  it('marks a required field', () => {
    renderWithI18n(<TextInput label="Name" required />);
    expect(screen.getByRole('textbox', { name: /Name/ })).toBeRequired();
  });
});
