// Registration: e-mail, password twice, the rules accepted, the captcha when it is on; then "check your mail".
import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { useSignupForm } from '../../flows/signup.ts';
import { useSettings } from '../../flows/settings.ts';
import { Captcha } from '../exchange/Captcha.tsx';
import { Button } from '../ui/Button.tsx';
import { EmailInput } from '../ui/EmailInput.tsx';
import { FormAlert } from '../ui/FormAlert.tsx';
import { LocalLink } from '../ui/LocalLink.tsx';
import { NewPasswordFields } from '../ui/NewPasswordFields.tsx';
import { AuthForm } from './AuthForm.tsx';
import { ActivationResend } from './ActivationResend.tsx';
import { Checkbox } from './Checkbox.tsx';
import { useFormErrorText } from '../ui/formErrorText.ts';

const linkClass = 'font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-600';

/** `referral`: the code of the link the visitor came with (`/register?ref=CODE`). */
export function RegisterForm({ referral }: { referral: string | null }) {
  const { t } = useLingui();
  const errorText = useFormErrorText();
  const settings = useSettings();
  const captchaRequired = settings?.captchaLogin ?? false;
  const actor = useSignupForm({ captchaRequired, referral });
  const state = useSelector(actor, (s) => s);
  const { email, password, passwordConfirm, agree, recaptcha, errors } = state.context;
  const busy = state.hasTag('busy');

  if (state.matches('sent')) {
    return (
      <div className="rounded-xl border border-emerald-200 bg-emerald-50 p-5 text-emerald-950">
        <div role="status">
          <p className="text-lg font-semibold">
            <Trans>Check your mail</Trans>
          </p>
          <p className="mt-2">
            <Trans>
              We have sent an activation link to <strong className="break-all">{email}</strong>. Open it to activate
              your account.
            </Trans>
          </p>
        </div>
        <ActivationResend email={email} />
      </div>
    );
  }

  return (
    <AuthForm busy={busy} onSubmit={() => actor.send({ type: 'submit' })}>
      <FormAlert message={errorText(errors.detail ?? errors.refferal)} />
      <EmailInput
        autoComplete="email"
        readOnly={busy}
        value={email}
        error={errorText(errors.email)}
        onChange={(event) => actor.send({ type: 'field.changed', name: 'email', value: event.target.value })}
      />
      <NewPasswordFields
        labels={{ password: t`Password`, passwordConfirm: t`Confirm password` }}
        values={{ password, passwordConfirm }}
        errors={{ password: errorText(errors.password), passwordConfirm: errorText(errors.passwordConfirm) }}
        onChange={(name, value) => actor.send({ type: 'field.changed', name, value })}
        readOnly={busy}
        email={email}
      />
      <Checkbox checked={agree} error={errorText(errors.agree)} onChange={(value) => actor.send({ type: 'agree.changed', value })}>
        <Trans>
          I accept the{' '}
          <LocalLink to="/rules" className={linkClass} target="_blank">
            exchange rules
          </LocalLink>
        </Trans>
      </Checkbox>
      {state.context.captchaRequired && (
        <Captcha
          siteKey={settings?.captchaSiteKey ?? null}
          token={recaptcha}
          error={errorText(errors.recaptcha)}
          onToken={(token) => actor.send({ type: 'captcha.changed', token })}
        />
      )}
      <Button type="submit" size="medium" fullWidth loading={busy}>
        <Trans>Register</Trans>
      </Button>
      <p className="text-center text-sm text-slate-700">
        <Trans>Already have an account?</Trans>{' '}
        <LocalLink to="/login" className={linkClass}>
          <Trans>Sign in</Trans>
        </LocalLink>
      </p>
    </AuthForm>
  );
}
