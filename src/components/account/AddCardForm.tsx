// "Add a card": the number is grouped by four as typed and checked here (Luhn) on leaving the field, the
// verification is created, and its page opens.
import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { CARD_PLACEHOLDER } from '../../domain/cardTyping.ts';
import { useAddCardForm } from '../../flows/verification.tsx';
import { Button } from '../ui/Button.tsx';
import { TextInput } from '../ui/TextInput.tsx';
import { useFormErrorText } from '../ui/formErrorText.ts';

export function AddCardForm() {
  const { t } = useLingui();
  const errorText = useFormErrorText();
  const form = useAddCardForm();
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
        placeholder={CARD_PLACEHOLDER}
        required
        containerClassName="sm:w-80"
        value={state.context.card}
        error={errorText(state.context.errors.card) ?? detail}
        onChange={(event) => form.send({ type: 'card.changed', value: event.target.value })}
        onBlur={() => form.send({ type: 'card.blurred' })}
      />
      <Button type="submit" loading={state.hasTag('busy')} className="sm:mt-7">
        <Trans>Add a card</Trans>
      </Button>
    </form>
  );
}
