// The withdrawal request form on the withdrawal machine: it follows the page's balance loader; `onCreated` lets the
// page refresh the balance and lists.
import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import type { ReferralBalance } from '../../api/schemas/user.ts';
import { useWithdrawalForm, type ReferralBalanceActor } from '../../flows/withdrawal.ts';
import { useLocale } from '../../i18n/useLocale.ts';
import { Button } from '../ui/Button.tsx';
import { FormAlert } from '../ui/FormAlert.tsx';
import { TextInput } from '../ui/TextInput.tsx';
import { formatMoney } from './format.ts';
import { useFormErrorText } from '../ui/formErrorText.ts';

interface WithdrawalFormProps {
  /** The balance as the page shows it, and the page's loader of it (the form follows its reloads). */
  balance: ReferralBalance;
  balanceLoader: ReferralBalanceActor;
  onCreated: () => void;
}

export function WithdrawalForm({ balance, balanceLoader, onCreated }: WithdrawalFormProps) {
  const { t } = useLingui();
  const locale = useLocale();
  const errorText = useFormErrorText();
  const form = useWithdrawalForm(
    { balance: balance.balance, minWithdrawal: balance.minWithdrawal },
    { balance: balanceLoader, onCreated },
  );
  const state = useSelector(form, (s) => s);
  const { amount, requisites, errors } = state.context;

  if (state.matches('success')) {
    return (
      <div role="status" className="flex flex-col items-start gap-3 rounded-xl bg-emerald-50 p-4 text-emerald-900">
        <p className="font-semibold">
          <Trans>Withdrawal request has been successfully created</Trans>
        </p>
        <Button color="border" size="sm" onClick={() => form.send({ type: 'reset' })}>
          <Trans>New request</Trans>
        </Button>
      </div>
    );
  }

  const unit = balance.unit;
  const available = formatMoney(balance.balance, unit, locale);
  const minimum = formatMoney(balance.minWithdrawal, unit, locale);
  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        form.send({ type: 'submit' });
      }}
    >
      <FormAlert message={errorText(errors.detail)} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextInput
          label={t`Amount, ${unit}`}
          name="amount"
          inputMode="decimal"
          autoComplete="off"
          required
          value={amount}
          hint={t`Available: ${available}; minimum ${minimum}`}
          error={errorText(errors.amount)}
          onChange={(event) => form.send({ type: 'amount.changed', value: event.target.value })}
        />
        <TextInput
          label={t`Requisites`}
          name="requisites"
          autoComplete="off"
          required
          value={requisites}
          hint={t`Card number or wallet to send the money to`}
          error={errorText(errors.requisites)}
          onChange={(event) => form.send({ type: 'requisites.changed', value: event.target.value })}
        />
      </div>
      <Button type="submit" loading={state.hasTag('busy')} className="self-start">
        <Trans>Request withdrawal</Trans>
      </Button>
    </form>
  );
}
