// The sign-in form (header dialog and /login page): renders the login machine and sends it what the user does.
import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { useLoginForm } from '../../flows/login.tsx';
import { useSettings } from '../../flows/settings.ts';
import { Captcha } from '../exchange/Captcha.tsx';
import { Button } from '../ui/Button.tsx';
import { EmailInput } from '../ui/EmailInput.tsx';
import { FormAlert } from '../ui/FormAlert.tsx';
import { LocalLink } from '../ui/LocalLink.tsx';
import { PasswordInput } from '../ui/PasswordInput.tsx';
import { AuthForm } from './AuthForm.tsx';
import { Checkbox } from './Checkbox.tsx';
import { useFormErrorText } from '../ui/formErrorText.ts';

const linkClass = 'font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-600';

/** `onLeave` runs when a link inside the form is followed (the dialog closes). */
export function LoginForm({ onLeave }: { onLeave?: () => void }) {
  const { t } = useLingui();
  const errorText = useFormErrorText();
  const settings = useSettings();
  const captchaRequired = settings?.captchaLogin ?? false;

  const actor = useLoginForm({ captchaRequired });
  const state = useSelector(actor, (s) => s);
  const { email, password, remember, recaptcha, errors } = state.context;
  const busy = state.hasTag('busy');

  return (
    <AuthForm busy={busy} onSubmit={() => actor.send({ type: 'submit' })}>
      <FormAlert message={errorText(errors.detail)} />
      <EmailInput
        autoComplete="username"
        readOnly={busy}
        value={email}
        error={errorText(errors.email)}
        onChange={(event) => actor.send({ type: 'field.changed', name: 'email', value: event.target.value })}
      />
      <PasswordInput
        label={t`Password`}
        name="password"
        required
        readOnly={busy}
        value={password}
        error={errorText(errors.password)}
        onChange={(event) => actor.send({ type: 'field.changed', name: 'password', value: event.target.value })}
      />
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
        <Checkbox checked={remember} onChange={(value) => actor.send({ type: 'remember.changed', value })}>
          <Trans>Remember me</Trans>
        </Checkbox>
        <LocalLink to="/forget" className={`text-sm ${linkClass}`} onClick={onLeave}>
          <Trans>Forgot your password?</Trans>
        </LocalLink>
      </div>
      {state.context.captchaRequired && (
        <Captcha
          siteKey={settings?.captchaSiteKey ?? null}
          token={recaptcha}
          onToken={(token) => actor.send({ type: 'captcha.changed', token })}
        />
      )}
      <Button type="submit" size="medium" fullWidth loading={busy}>
        <Trans>Sign in</Trans>
      </Button>
      <p className="text-center text-sm text-slate-700">
        <LocalLink to="/register" className={linkClass} onClick={onLeave}>
          <Trans>Don't have an account?</Trans>
        </LocalLink>
      </p>
    </AuthForm>
  );
}
