// The operator's sign-in: e-mail, password and the current code of the authenticator app.
import { useSelector } from '@xstate/react';
import type { FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { OpsSignInField } from '../../machines/opsSession.ts';
import { Alert, Field, OpsButton, OpsInput, useErrorText } from './ui.tsx';
import { OpsSession } from './wiring/session.ts';

export function SignInPage() {
  const { t } = useLingui();
  const actor = OpsSession.useSharedActor();
  const context = useSelector(actor, (state) => state.context);
  const busy = useSelector(actor, (state) => state.hasTag('busy'));
  const errorText = useErrorText();
  const change = (name: OpsSignInField) => (event: { target: { value: string } }) =>
    actor.send({ type: 'field.changed', name, value: event.target.value });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'submit' });
  };
  const general = errorText(context.errors.detail);
  return (
    <main className="mx-auto mt-16 max-w-sm rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
      <h1 className="mb-4 text-xl font-bold">
        <Trans>Operator sign-in</Trans>
      </h1>
      <form className="space-y-3" onSubmit={submit} noValidate aria-busy={busy}>
        {general ? <Alert>{general}</Alert> : null}
        <Field label={t`E-mail`} error={errorText(context.errors.email)}>
          <OpsInput type="email" name="email" autoComplete="username" value={context.email} onChange={change('email')} />
        </Field>
        <Field label={t`Password`} error={errorText(context.errors.password)}>
          <OpsInput type="password" name="password" autoComplete="current-password" value={context.password} onChange={change('password')} />
        </Field>
        <Field label={t`Code from the authenticator app`} error={errorText(context.errors.code)}>
          <OpsInput
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]*"
            maxLength={6}
            value={context.code}
            onChange={change('code')}
          />
        </Field>
        <OpsButton type="submit" disabled={busy} className="w-full">
          <Trans>Sign in</Trans>
        </OpsButton>
      </form>
    </main>
  );
}
