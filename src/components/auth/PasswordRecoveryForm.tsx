// Password recovery, both steps: ask for the mail (/forget) and, from the mailed link, set a new password
// (/recover?token=), after which the user signs in right here.
import type { ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { usePasswordRecoveryForm } from '../../flows/passwordRecovery.ts';
import { Button } from '../ui/Button.tsx';
import { EmailInput } from '../ui/EmailInput.tsx';
import { FormAlert } from '../ui/FormAlert.tsx';
import { LocalLink } from '../ui/LocalLink.tsx';
import { NewPasswordFields } from '../ui/NewPasswordFields.tsx';
import { useFormErrorText } from '../ui/formErrorText.ts';
import { AuthForm } from './AuthForm.tsx';
import { LoginForm } from './LoginForm.tsx';

const linkClass = 'font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-600';

function Success({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <div role="status" className="rounded-xl border border-emerald-200 bg-emerald-50 p-5 text-emerald-950">
      <p className="text-lg font-semibold">{title}</p>
      <p className="mt-2">{children}</p>
    </div>
  );
}

/** `token`: the mailed link's token (the reset step), or null (the request step). */
export function PasswordRecoveryForm({ token }: { token: string | null }) {
  const { t } = useLingui();
  const errorText = useFormErrorText();
  const actor = usePasswordRecoveryForm({ token });
  const state = useSelector(actor, (s) => s);
  const { email, password, passwordConfirm, errors } = state.context;
  const busy = state.hasTag('busy');
  const submit = () => actor.send({ type: 'submit' });

  if (state.matches({ request: 'sent' })) {
    return (
      <Success title={<Trans>Check your mail</Trans>}>
        <Trans>
          If an account with the e-mail <strong className="break-all">{email}</strong> exists, we have sent it a link to
          set a new password.
        </Trans>
      </Success>
    );
  }
  if (state.matches({ reset: 'done' })) {
    return (
      <div className="flex flex-col gap-6">
        <Success title={<Trans>Your password has been changed</Trans>}>
          <Trans>Sign in with the new password.</Trans>
        </Success>
        <LoginForm />
      </div>
    );
  }
  if (state.matches('reset')) {
    return (
      <AuthForm busy={busy} onSubmit={submit}>
        <FormAlert message={errorText(errors.detail ?? errors.token)} />
        <NewPasswordFields
          labels={{ password: t`New password`, passwordConfirm: t`Confirm password` }}
          values={{ password, passwordConfirm }}
          errors={{ password: errorText(errors.password), passwordConfirm: errorText(errors.passwordConfirm) }}
          onChange={(name, value) => actor.send({ type: 'field.changed', name, value })}
          readOnly={busy}
        />
        <Button type="submit" size="medium" fullWidth loading={busy}>
          <Trans>Save the new password</Trans>
        </Button>
      </AuthForm>
    );
  }
  return (
    <AuthForm busy={busy} onSubmit={submit}>
      <p className="text-slate-700">
        <Trans>Enter the e-mail of your account and we will send you a link to set a new password.</Trans>
      </p>
      <FormAlert message={errorText(errors.detail)} />
      <EmailInput
        autoComplete="email"
        readOnly={busy}
        value={email}
        error={errorText(errors.email)}
        onChange={(event) => actor.send({ type: 'field.changed', name: 'email', value: event.target.value })}
      />
      <Button type="submit" size="medium" fullWidth loading={busy}>
        <Trans>Send the link</Trans>
      </Button>
      <p className="text-center text-sm text-slate-700">
        <LocalLink to="/login" className={linkClass}>
          <Trans>Back to sign-in</Trans>
        </LocalLink>
      </p>
    </AuthForm>
  );
}
