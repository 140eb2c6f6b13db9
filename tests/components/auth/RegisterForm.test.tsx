// The sign-up form through its flow's seam: the real signup machine with a fake call provided through
// SignupProvider (no module mocking), checked by what the user sees and what the call was given.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fromPromise } from 'xstate';
import { signupMachine } from '../../../machines/signup.ts';
import type { SignupRequest } from '../../../src/api/schemas/user.ts';
import { RegisterForm } from '../../../src/components/auth/RegisterForm.tsx';
import { SignupProvider } from '../../../src/flows/signup.ts';
import { renderWithI18n } from '../render.tsx';
import { serveSettings, settings } from '../layout/fakeSettings.ts';
import { fakeSession, withSession } from './sessionFixture.tsx';

/** The call as the machine sees it: a refusal arrives as the server's error body. */
const signup = vi.fn<(request: SignupRequest) => Promise<void>>();
const fakeSignup = signupMachine.provide({
  actors: { signup: fromPromise<void, SignupRequest>(({ input }) => signup(input)) },
});

function renderForm(locale: 'en' | 'ru' = 'en') {
  const { actor } = fakeSession();
  const form = (
    <SignupProvider logic={fakeSignup}>
      <RegisterForm referral="FRIEND" />
    </SignupProvider>
  );
  return renderWithI18n(withSession(form, actor), { locale, path: locale === 'en' ? '/en/register' : '/register' });
}

beforeEach(() => {
  serveSettings(settings({ contestStatus: false }));
  signup.mockReset();
});
afterEach(() => vi.unstubAllGlobals());

const allAtOnce = {
  en: {
    register: 'Register',
    email: 'An e-mail address has one @ between the name and the domain, as in name@example.com.',
    password: 'The password does not meet the rules: make it 8 to 128 characters long, add a digit.',
    mismatch: 'The passwords do not match.',
    agree: 'Please accept the exchange rules.',
  },
  ru: {
    register: 'Регистрация',
    email: 'В адресе e-mail один знак @ между именем и доменом, например name@example.com.',
    password: 'Пароль не подходит: сделайте его длиной от 8 до 128 символов, добавьте цифру.',
    mismatch: 'Пароли не совпадают.',
    agree: 'Примите правила обмена.',
  },
} as const;

describe('RegisterForm', () => {
  for (const locale of ['en', 'ru'] as const) {
    it(`names every broken field at once, each with its rule and fix, before asking the server (${locale})`, async () => {
      const said = allAtOnce[locale];
      const { container } = renderForm(locale);
      const input = (name: string) => container.querySelector<HTMLInputElement>(`input[name="${name}"]`)!;
      await screen.findByRole('button', { name: said.register });
      await userEvent.type(input('email'), 'new.example.test');
      await userEvent.type(input('password'), 'short');
      await userEvent.type(input('passwordConfirm'), 'shorter');
      await userEvent.click(screen.getByRole('button', { name: said.register }));
      expect(input('email')).toHaveAccessibleDescription(said.email);
      expect(screen.getByText(said.password)).toBeInTheDocument();
      expect(screen.getByText(said.mismatch)).toBeInTheDocument();
      expect(screen.getByText(said.agree)).toBeInTheDocument();
      expect(signup).not.toHaveBeenCalled();
    });
  }

  it('checks the passwords and the rules, then tells the user to check their mail', async () => {
    signup.mockResolvedValue(undefined);
    renderForm();
    await userEvent.type(await screen.findByLabelText(/^E-mail/), 'New@Example.test');
    await userEvent.type(screen.getByLabelText(/^Password/, { selector: 'input' }), 'long-secret1');
    await userEvent.type(screen.getByLabelText(/^Confirm password/), 'long-secreT1');
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(screen.getByText('The passwords do not match.')).toBeInTheDocument();
    expect(screen.getByText('Please accept the exchange rules.')).toBeInTheDocument();
    expect(signup).not.toHaveBeenCalled();

    await userEvent.clear(screen.getByLabelText(/^Confirm password/));
    await userEvent.type(screen.getByLabelText(/^Confirm password/), 'long-secret1');
    await userEvent.click(screen.getByRole('checkbox', { name: /exchange rules/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByRole('status')).toHaveTextContent('We have sent an activation link to New@Example.test');
    expect(signup).toHaveBeenCalledTimes(1);
    expect(signup).toHaveBeenCalledWith({
      email: 'new@example.test',
      password: 'long-secret1',
      passwordConfirm: 'long-secret1',
      agree: true,
      refferal: 'FRIEND',
    });
  });

  it('shows the server’s refusal under its field and sends again once corrected', async () => {
    signup.mockRejectedValueOnce({ email: ['A user with this e-mail already exists.'] }).mockResolvedValueOnce(undefined);
    renderForm();
    await userEvent.type(await screen.findByLabelText(/^E-mail/), 'taken@example.test');
    await userEvent.type(screen.getByLabelText(/^Password/, { selector: 'input' }), 'long-secret1');
    await userEvent.type(screen.getByLabelText(/^Confirm password/), 'long-secret1');
    await userEvent.click(screen.getByRole('checkbox', { name: /exchange rules/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('A user with this e-mail already exists.')).toBeInTheDocument();
    expect(screen.getByLabelText(/^E-mail/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();

    await userEvent.clear(screen.getByLabelText(/^E-mail/));
    await userEvent.type(screen.getByLabelText(/^E-mail/), 'free@example.test');
    expect(screen.queryByText('A user with this e-mail already exists.')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByRole('status')).toHaveTextContent('We have sent an activation link to free@example.test');
    expect(signup).toHaveBeenCalledTimes(2);
    expect(signup).toHaveBeenLastCalledWith(expect.objectContaining({ email: 'free@example.test' }));
  });
});
