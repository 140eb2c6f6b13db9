// The referral withdrawal request form: edit amount and requisites, check them here against the balance,
// submit, and show either the success message or the server's field errors (cleared when the field is edited).
import { assertEvent, assign, fromCallback, fromPromise, setup } from 'xstate';
import { compare, isPositive, parseAmount, type Decimal } from '../src/domain/money.ts';
import type { Withdrawal, WithdrawalRequest } from '../src/api/schemas/user.ts';
import { errorsFromBody } from '../src/api/errors.ts';
import { hasErrors, withoutError, type FormErrors } from './formErrors.ts';

export const WITHDRAWAL_FIELDS = ['amount', 'requisites'] as const;
export type WithdrawalField = (typeof WITHDRAWAL_FIELDS)[number];

export interface WithdrawalInput {
  balance: Decimal;
  /** The smallest amount the server pays out; null when there is none. */
  minWithdrawal?: Decimal | null;
}

export interface WithdrawalContext {
  amount: string;
  requisites: string;
  balance: Decimal;
  minWithdrawal: Decimal | null;
  errors: FormErrors<WithdrawalField>;
  created: Withdrawal | null;
}

export type WithdrawalEvent =
  | { type: 'amount.changed'; value: string }
  | { type: 'requisites.changed'; value: string }
  | { type: 'balance.updated'; balance: Decimal; minWithdrawal?: Decimal | null }
  | { type: 'submit' }
  | { type: 'reset' };

/** Client-side check codes the view translates. */
export const WITHDRAWAL_CODES = {
  amountNotNumber: 'amount_not_number',
  amountInvalid: 'amount_invalid',
  amountAboveBalance: 'amount_above_balance',
  amountBelowMinimum: 'amount_below_minimum',
  requisitesRequired: 'requisites_required',
} as const;

/** What is wrong with the amount, or null: not a number, not above zero, above the balance, below the minimum. */
function amountError(context: WithdrawalContext): FormErrors<WithdrawalField>['amount'] | null {
  const amount = parseAmount(context.amount);
  if (amount === null) return { code: WITHDRAWAL_CODES.amountNotNumber };
  if (!isPositive(amount)) return { code: WITHDRAWAL_CODES.amountInvalid };
  if (compare(amount, context.balance) > 0) return { code: WITHDRAWAL_CODES.amountAboveBalance };
  if (context.minWithdrawal !== null && compare(amount, context.minWithdrawal) < 0) return { code: WITHDRAWAL_CODES.amountBelowMinimum };
  return null;
}

/** Every field's problem at once, so one submit shows all that needs fixing. */
export function localWithdrawalErrors(context: WithdrawalContext): FormErrors<WithdrawalField> {
  const errors: FormErrors<WithdrawalField> = {};
  const amount = amountError(context);
  if (amount) errors.amount = amount;
  if (context.requisites.trim() === '') errors.requisites = { code: WITHDRAWAL_CODES.requisitesRequired };
  return errors;
}

export const withdrawalMachine = setup({
  types: {
    context: {} as WithdrawalContext,
    events: {} as WithdrawalEvent,
    input: {} as WithdrawalInput,
  },
  actors: {
    /** Provided by the app: sends `balance.updated` with the page's referral balance, at once and on every change. */
    watchBalance: fromCallback<WithdrawalEvent>(() => undefined),
    // Provided by the app: POST /api/v1/users/me/refferal/withdrawal/, rejecting with the error body.
    submitWithdrawal: fromPromise<Withdrawal, WithdrawalRequest>(async () => {
      throw new Error('submitWithdrawal is provided by the app');
    }),
  },
  guards: {
    formInvalid: ({ context }) => hasErrors(localWithdrawalErrors(context)),
  },
  actions: {
    /** A new balance (and minimum) from the page; a minimum left out stays as it was. */
    updateBalance: assign(({ context, event }) => {
      assertEvent(event, 'balance.updated');
      return { balance: event.balance, minWithdrawal: event.minWithdrawal === undefined ? context.minWithdrawal : event.minWithdrawal };
    }),
    storeAmount: assign(({ event }) => {
      assertEvent(event, 'amount.changed');
      return { amount: event.value };
    }),
    storeRequisites: assign(({ event }) => {
      assertEvent(event, 'requisites.changed');
      return { requisites: event.value };
    }),
    clearErrors: assign(({ context }, { fields }: { fields: readonly string[] }) => ({ errors: withoutError(context.errors, ...fields) })),
    clearAllErrors: assign({ errors: {} }),
    showFormErrors: assign(({ context }) => ({ errors: localWithdrawalErrors(context) })),
    showServerErrors: assign((_, { error }: { error: unknown }) => ({ errors: errorsFromBody(error, WITHDRAWAL_FIELDS) })),
    storeCreated: assign((_, created: Withdrawal) => ({ created })),
    /** Provided by the app: tells the page that the balance and the list of withdrawals have changed. */
    announceCreated: (_, _params: { withdrawal: Withdrawal }) => {},
    emptyForm: assign({ amount: '', requisites: '', errors: {}, created: null }),
  },
}).createMachine({
  // Stryker disable next-line StringLiteral: the id names the machine in diagrams and the inspector; no state refers to it.
  id: 'withdrawal',
  context: ({ input }) => ({
    amount: '',
    requisites: '',
    balance: input.balance,
    minWithdrawal: input.minWithdrawal ?? null,
    errors: {},
    created: null,
  }),
  invoke: { src: 'watchBalance' },
  on: {
    'balance.updated': { actions: 'updateBalance' },
  },
  initial: 'editing',
  states: {
    editing: {
      on: {
        'amount.changed': { actions: ['storeAmount', { type: 'clearErrors', params: { fields: ['amount', 'detail'] } }] },
        'requisites.changed': { actions: ['storeRequisites', { type: 'clearErrors', params: { fields: ['requisites', 'detail'] } }] },
        submit: [{ guard: 'formInvalid', actions: 'showFormErrors' }, { target: 'submitting' }],
      },
    },
    submitting: {
      tags: ['busy'],
      entry: 'clearAllErrors',
      invoke: {
        src: 'submitWithdrawal',
        input: ({ context }) => ({ amount: parseAmount(context.amount) ?? context.amount, requisites: context.requisites.trim() }),
        onDone: { target: 'success', actions: { type: 'storeCreated', params: ({ event }) => event.output } },
        onError: { target: 'editing', actions: { type: 'showServerErrors', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    success: {
      entry: { type: 'announceCreated', params: ({ context }) => ({ withdrawal: context.created! }) },
      on: { reset: { target: 'editing', actions: 'emptyForm' } },
    },
  },
});
