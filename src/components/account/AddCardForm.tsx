// "Add a card": the number is checked here (Luhn), the verification is created, and its page opens.
import { useMemo } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useActorRef, useSelector } from '@xstate/react';
import { useLocation } from 'wouter';
import { liveAddCardMachine } from '../../app/actors/verification.ts';
import { useLocalizedPath } from '../../i18n/useLocalizedPath.ts';
import { Button } from '../ui/Button.tsx';
import { TextInput } from '../ui/TextInput.tsx';
import { useFormErrorText } from '../ui/formErrorText.ts';
import { inspect } from '../../app/inspector.ts';

export function AddCardForm() {
  const { t } = useLingui();
  const errorText = useFormErrorText();
  const localize = useLocalizedPath();
  const [, navigate] = useLocation();
  const machine = useMemo(
    () =>
      liveAddCardMachine.provide({
        actions: { openVerification: (_, { uuid }) => navigate(localize(`/verification/${uuid}`)) },
      }),
    [navigate, localize],
  );
  const form = useActorRef(machine, { inspect });
  const state = useSelector(form, (s) => s);
  const detail = errorText(state.context.errors.detail);

  return (
    <form
      noValidate
      className="flex flex-col gap-3 sm:flex-row sm:items-start"
      onSubmit={(event) => {
        event.preventDefault();
        form.send({ type: 'submit' });
      }}
    >
      <TextInput
        label={t`Card number`}
        name="card"
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="0000 0000 0000 0000"
        required
        containerClassName="sm:w-80"
        value={state.context.card}
        error={errorText(state.context.errors.card) ?? detail}
        onChange={(event) => form.send({ type: 'card.changed', value: event.target.value })}
      />
      <Button type="submit" loading={state.hasTag('busy')} className="sm:mt-7">
        <Trans>Add a card</Trans>
      </Button>
    </form>
  );
}
