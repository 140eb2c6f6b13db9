import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PasswordInput } from '../../../src/components/ui/PasswordInput.tsx';
import { renderWithI18n } from '../render.tsx';

describe('PasswordInput', () => {
  it('hides the characters until the toggle shows them, and hides them again', async () => {
    renderWithI18n(<PasswordInput label="Password" required />);
    const input = screen.getByLabelText(/Password/, { selector: 'input' });
    await userEvent.type(input, 's3cret');
    expect(input).toHaveAttribute('type', 'password');
    expect(input).toBeRequired();

    await userEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(input).toHaveAttribute('type', 'text');
    expect(input).toHaveValue('s3cret');
    const toggle = screen.getByRole('button', { name: 'Hide password' });
    expect(toggle).toHaveAttribute('aria-pressed', 'true');

    await userEvent.click(toggle);
    expect(input).toHaveAttribute('type', 'password');
  });

  it('names the toggle in Russian', () => {
    renderWithI18n(<PasswordInput label="Пароль" />, { locale: 'ru' });
    expect(screen.getByRole('button', { name: 'Показать пароль' })).toBeInTheDocument();
  });

  it('shows the error under the field', () => {
    renderWithI18n(<PasswordInput label="Password" error="Wrong password" />);
    expect(screen.getByLabelText('Password', { selector: 'input' })).toHaveAccessibleDescription('Wrong password');
  });
});
