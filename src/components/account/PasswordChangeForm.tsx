// Password change on the password change machine: current password, new password, confirmation.
import { Trans, useLingui } from '@lingui/react/macro';
import { useActorRef, useSelector } from '@xstate/react';
import type { PasswordField } from '../../../machines/passwordChange.ts';
import { livePasswordChangeMachine } from '../../app/actors/passwordChange.ts';
import { Button } from '../ui/Button.tsx';
import { PasswordInput } from '../ui/PasswordInput.tsx';
import { useFormErrorText } from '../ui/formErrorText.ts';
import { inspect } from '../../app/inspector.ts';

export function PasswordChangeForm() {
  const { t } = useLingui();
  const errorText = useFormErrorText();
  const form = useActorRef(livePasswordChangeMachine, { inspect });
  const state = useSelector(form, (s) => s);
  const { errors } = state.context;
  const change = (field: PasswordField) => (event: { target: { value: string } }) =>
    form.send({ type: 'field.changed', field, value: event.target.value });
  const detail = errorText(errors.detail);

  return (
    <form
      noValidate
      className="flex max-w-md flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        form.send({ type: 'submit' });
      }}
    >
      {state.matches('done') && (
        <p role="status" className="rounded-lg bg-emerald-50 p-3 text-sm font-medium text-emerald-900">
          <Trans>Your password has been changed.</Trans>
        </p>
      )}
      {detail && (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
          {detail}
        </p>
      )}
      <PasswordInput
        label={t`Current password`}
        name="currentPassword"
        autoComplete="current-password"
        required
        value={state.context.currentPassword}
        error={errorText(errors.currentPassword)}
        onChange={change('currentPassword')}
      />
      <PasswordInput
        label={t`New password`}
        name="password"
        autoComplete="new-password"
        required
        value={state.context.password}
        error={errorText(errors.password)}
        onChange={change('password')}
      />
      <PasswordInput
        label={t`Repeat the new password`}
        name="passwordConfirm"
        autoComplete="new-password"
        required
        value={state.context.passwordConfirm}
        error={errorText(errors.passwordConfirm)}
        onChange={change('passwordConfirm')}
      />
      <Button type="submit" loading={state.hasTag('busy')} className="self-start">
        <Trans>Change password</Trans>
      </Button>
    </form>
  );
}
