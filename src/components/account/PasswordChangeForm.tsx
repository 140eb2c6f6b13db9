// Password change on the password change machine: current password, new password, confirmation.
import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { usePasswordChangeForm } from '../../flows/passwordChange.ts';
import { Button } from '../ui/Button.tsx';
import { FormAlert } from '../ui/FormAlert.tsx';
import { NewPasswordFields } from '../ui/NewPasswordFields.tsx';
import { PasswordInput } from '../ui/PasswordInput.tsx';
import { useFormErrorText } from '../ui/formErrorText.ts';

export function PasswordChangeForm() {
  const { t } = useLingui();
  const errorText = useFormErrorText();
  const form = usePasswordChangeForm();
  const state = useSelector(form, (s) => s);
  const { errors } = state.context;

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
      <FormAlert message={errorText(errors.detail)} />
      <PasswordInput
        label={t`Current password`}
        name="currentPassword"
        autoComplete="current-password"
        required
        value={state.context.currentPassword}
        error={errorText(errors.currentPassword)}
        onChange={(event) => form.send({ type: 'field.changed', field: 'currentPassword', value: event.target.value })}
      />
      <NewPasswordFields
        labels={{ password: t`New password`, passwordConfirm: t`Repeat the new password` }}
        values={state.context}
        errors={{ password: errorText(errors.password), passwordConfirm: errorText(errors.passwordConfirm) }}
        onChange={(field, value) => form.send({ type: 'field.changed', field, value })}
      />
      <Button type="submit" loading={state.hasTag('busy')} className="self-start">
        <Trans>Change password</Trans>
      </Button>
    </form>
  );
}
