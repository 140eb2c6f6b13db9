// The password change form through its flow's seam: the real passwordChange machine with a fake call provided
// through PasswordChangeProvider (no module mocking), checked by what the user sees and what the call was given.
import type { ReactElement } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fromPromise } from 'xstate';
import { passwordChangeMachine, type PasswordChangeRequest } from '../../../machines/passwordChange.ts';
import { PasswordChangeForm } from '../../../src/components/account/PasswordChangeForm.tsx';
import { PasswordChangeProvider } from '../../../src/flows/passwordChange.ts';
import { renderWithI18n } from '../render.tsx';

/** The call as the machine sees it: a refusal arrives as the server's error body. */
const changePassword = vi.fn<(request: PasswordChangeRequest) => Promise<void>>();
const fakePasswordChange = passwordChangeMachine.provide({
  actors: { changePassword: fromPromise<void, PasswordChangeRequest>(({ input }) => changePassword(input)) },
});

function withFakeCall(ui: ReactElement): ReactElement {
  return <PasswordChangeProvider logic={fakePasswordChange}>{ui}</PasswordChangeProvider>;
}

beforeEach(() => {
  changePassword.mockReset();
});

async function fill(current: string, next: string, confirm: string) {
  await userEvent.type(screen.getByLabelText(/Current password|Текущий пароль/), current);
  await userEvent.type(screen.getByLabelText(/^(New password|Новый пароль)/), next);
  await userEvent.type(screen.getByLabelText(/Repeat the new password|Повторите новый пароль/), confirm);
}

describe('PasswordChangeForm', () => {
  const allAtOnce = {
    en: { submit: 'Change password', required: 'This field is required.', rules: 'The password does not meet the rules: add a digit.', mismatch: 'The passwords do not match.' },
    ru: { submit: 'Сменить пароль', required: 'Обязательное поле.', rules: 'Пароль не подходит: добавьте цифру.', mismatch: 'Пароли не совпадают.' },
  } as const;
  for (const locale of ['en', 'ru'] as const) {
    it(`names an empty current password, the broken rule and a differing confirmation together (${locale})`, async () => {
      const said = allAtOnce[locale];
      renderWithI18n(withFakeCall(<PasswordChangeForm />), { locale });
      await userEvent.type(screen.getByLabelText(/^(New password|Новый пароль)/), 'onlyletters');
      await userEvent.type(screen.getByLabelText(/Repeat the new password|Повторите новый пароль/), 'onlyletterz');
      await userEvent.click(screen.getByRole('button', { name: said.submit }));
      expect(screen.getByLabelText(/Current password|Текущий пароль/)).toHaveAccessibleDescription(said.required);
      expect(screen.getByText(said.rules)).toBeInTheDocument();
      expect(screen.getByText(said.mismatch)).toBeInTheDocument();
      expect(changePassword).not.toHaveBeenCalled();
    });
  }

  it('marks empty fields as required and a different confirmation, without a call', async () => {
    renderWithI18n(withFakeCall(<PasswordChangeForm />), { locale: 'ru' });
    await userEvent.click(screen.getByRole('button', { name: 'Сменить пароль' }));
    expect(screen.getAllByText('Обязательное поле.')).toHaveLength(3);
    await fill('old-secret', 'new-secret-1', 'new-secret-2');
    await userEvent.click(screen.getByRole('button', { name: 'Сменить пароль' }));
    expect(screen.getByText('Пароли не совпадают.')).toBeInTheDocument();
    expect(changePassword).not.toHaveBeenCalled();
  });

  it('shows a wrong current password under its field and clears it when edited', async () => {
    changePassword.mockRejectedValue({ currentPassword: ['The current password is wrong.'] });
    renderWithI18n(withFakeCall(<PasswordChangeForm />));
    await fill('old-secret', 'new-secret-1', 'new-secret-1');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('The current password is wrong.')).toBeInTheDocument();
    expect(screen.getByLabelText(/Current password/)).toHaveAttribute('aria-invalid', 'true');
    expect(changePassword).toHaveBeenCalledTimes(1);
    expect(changePassword).toHaveBeenCalledWith({ currentPassword: 'old-secret', password: 'new-secret-1', passwordConfirm: 'new-secret-1' });
    await userEvent.type(screen.getByLabelText(/Current password/), 'x');
    expect(screen.queryByText('The current password is wrong.')).not.toBeInTheDocument();
    expect(screen.getByLabelText(/Current password/)).not.toHaveAttribute('aria-invalid', 'true');
  });

  it('changes the password, says so and empties the fields', async () => {
    changePassword.mockResolvedValue(undefined);
    renderWithI18n(withFakeCall(<PasswordChangeForm />));
    await fill('old-secret', 'new-secret-1', 'new-secret-1');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Your password has been changed.')).toBeInTheDocument();
    expect(changePassword).toHaveBeenCalledTimes(1);
    expect(changePassword).toHaveBeenCalledWith({ currentPassword: 'old-secret', password: 'new-secret-1', passwordConfirm: 'new-secret-1' });
    expect(screen.getByLabelText(/Current password/)).toHaveValue('');
    expect(screen.getByLabelText(/^New password/)).toHaveValue('');
    expect(screen.getByLabelText(/Repeat the new password/)).toHaveValue('');
  });
});
