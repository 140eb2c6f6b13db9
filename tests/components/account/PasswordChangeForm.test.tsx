import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HTTPError } from 'ky';
import { PasswordChangeForm } from '../../../src/components/account/PasswordChangeForm.tsx';
import { renderWithI18n } from '../render.tsx';

type Request = { currentPassword: string; password: string; passwordConfirm: string };
// The network edge only: the form, its machine and the actor binding are the real ones.
const changePassword = vi.fn<(request: Request) => Promise<void>>();
vi.mock('../../../src/api/password.ts', () => ({ changePassword: (request: Request) => changePassword(request) }));

beforeEach(() => {
  changePassword.mockReset();
});

function rejection(body: Record<string, unknown>): HTTPError {
  const error = new HTTPError(new Response(null, { status: 400 }), new Request('http://localhost/api/v1/users/me/password/'), {} as never);
  error.data = body;
  return error;
}

async function fill(current: string, next: string, confirm: string) {
  await userEvent.type(screen.getByLabelText(/Current password|Текущий пароль/), current);
  await userEvent.type(screen.getByLabelText(/^(New password|Новый пароль)/), next);
  await userEvent.type(screen.getByLabelText(/Repeat the new password|Повторите новый пароль/), confirm);
}

describe('PasswordChangeForm', () => {
  it('marks empty fields as required and a different confirmation, without a call', async () => {
    renderWithI18n(<PasswordChangeForm />, { locale: 'ru' });
    await userEvent.click(screen.getByRole('button', { name: 'Сменить пароль' }));
    expect(screen.getAllByText('Обязательное поле.')).toHaveLength(3);
    await fill('old-secret', 'new-secret-1', 'new-secret-2');
    await userEvent.click(screen.getByRole('button', { name: 'Сменить пароль' }));
    expect(screen.getByText('Пароли не совпадают.')).toBeInTheDocument();
    expect(changePassword).not.toHaveBeenCalled();
  });

  it('shows a wrong current password under its field and clears it when edited', async () => {
    changePassword.mockRejectedValue(rejection({ currentPassword: ['The current password is wrong.'] }));
    renderWithI18n(<PasswordChangeForm />);
    await fill('old-secret', 'new-secret-1', 'new-secret-1');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('The current password is wrong.')).toBeInTheDocument();
    expect(screen.getByLabelText(/Current password/)).toHaveAttribute('aria-invalid', 'true');
    await userEvent.type(screen.getByLabelText(/Current password/), 'x');
    expect(screen.queryByText('The current password is wrong.')).not.toBeInTheDocument();
  });

  it('changes the password, says so and empties the fields', async () => {
    changePassword.mockResolvedValue(undefined);
    renderWithI18n(<PasswordChangeForm />);
    await fill('old-secret', 'new-secret-1', 'new-secret-1');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Your password has been changed.')).toBeInTheDocument();
    expect(changePassword).toHaveBeenCalledWith({ currentPassword: 'old-secret', password: 'new-secret-1', passwordConfirm: 'new-secret-1' });
    expect(screen.getByLabelText(/Current password/)).toHaveValue('');
  });
});
