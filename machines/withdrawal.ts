// The referral withdrawal request form: edit amount and requisites, check them here against the balance,
// submit, and show either the success message or the server's field errors (cleared when the field is edited).
import { assign, emit, fromPromise, setup } from 'xstate';
import { compare, isPositive, parseAmount, type Decimal } from '../src/domain/money.ts';
import type { Withdrawal, WithdrawalRequest } from '../src/api/schemas/user.ts';
import { errorsFromBody, withoutError, type FormErrorCode, type FormErrors } from './formErrors.ts';

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
  amountInvalid: 'amount_invalid',
  amountAboveBalance: 'amount_above_balance',
  amountBelowMinimum: 'amount_below_minimum',
  requisitesRequired: 'requisites_required',
} as const;

function parsedAmount(context: WithdrawalContext): Decimal | null {
  const amount = parseAmount(context.amount);
  return amount !== null && isPositive(amount) ? amount : null;
}

export const withdrawalMachine = setup({
  types: {
    context: {} as WithdrawalContext,
    events: {} as WithdrawalEvent,
    input: {} as WithdrawalInput,
    // Tells the page that the balance and the list of withdrawals have changed.
    emitted: {} as { type: 'withdrawal.created'; withdrawal: Withdrawal },
  },
  actors: {
    // Provided by the app: POST /api/v1/users/me/refferal/withdrawal/, rejecting with the error body.
    submitWithdrawal: fromPromise<Withdrawal, WithdrawalRequest>(async () => {
      throw new Error('submitWithdrawal is provided by the app');
    }),
  },
  guards: {
    amountInvalid: ({ context }) => parsedAmount(context) === null,
    amountAboveBalance: ({ context }) => compare(parsedAmount(context) ?? '0', context.balance) > 0,
    amountBelowMinimum: ({ context }) =>
      context.minWithdrawal !== null && compare(parsedAmount(context) ?? '0', context.minWithdrawal) < 0,
    requisitesMissing: ({ context }) => context.requisites.trim() === '',
  },
  actions: {
    rejectWith: assign({
      errors: (_, params: { field: WithdrawalField; code: FormErrorCode }) => ({ [params.field]: { code: params.code } }),
    }),
  },
}).createMachine({
  id: 'withdrawal',
  context: ({ input }) => ({
    amount: '',
    requisites: '',
    balance: input.balance,
    minWithdrawal: input.minWithdrawal ?? null,
    errors: {},
    created: null,
  }),
  on: {
    'balance.updated': {
      actions: assign({
        balance: ({ event }) => event.balance,
        minWithdrawal: ({ event, context }) =>
          event.minWithdrawal === undefined ? context.minWithdrawal : event.minWithdrawal,
      }),
    },
  },
  initial: 'editing',
  states: {
    editing: {
      on: {
        'amount.changed': {
          actions: assign({
            amount: ({ event }) => event.value,
            errors: ({ context }) => withoutError(context.errors, 'amount', 'detail'),
          }),
        },
        'requisites.changed': {
          actions: assign({
            requisites: ({ event }) => event.value,
            errors: ({ context }) => withoutError(context.errors, 'requisites', 'detail'),
          }),
        },
        submit: { target: 'validating' },
      },
    },
    validating: {
      always: [
        {
          guard: 'amountInvalid',
          target: 'editing',
          actions: { type: 'rejectWith', params: { field: 'amount', code: WITHDRAWAL_CODES.amountInvalid } },
        },
        {
          guard: 'amountAboveBalance',
          target: 'editing',
          actions: { type: 'rejectWith', params: { field: 'amount', code: WITHDRAWAL_CODES.amountAboveBalance } },
        },
        {
          guard: 'amountBelowMinimum',
          target: 'editing',
          actions: { type: 'rejectWith', params: { field: 'amount', code: WITHDRAWAL_CODES.amountBelowMinimum } },
        },
        {
          guard: 'requisitesMissing',
          target: 'editing',
          actions: { type: 'rejectWith', params: { field: 'requisites', code: WITHDRAWAL_CODES.requisitesRequired } },
        },
        { target: 'submitting', actions: assign({ errors: {} }) },
      ],
    },
    submitting: {
      tags: ['busy'],
      invoke: {
        src: 'submitWithdrawal',
        input: ({ context }) => ({ amount: parsedAmount(context) ?? context.amount, requisites: context.requisites.trim() }),
        onDone: { target: 'success', actions: assign({ created: ({ event }) => event.output }) },
        onError: {
          target: 'editing',
          actions: assign({
            errors: ({ event }) => errorsFromBody(event.error, WITHDRAWAL_FIELDS),
          }),
        },
      },
    },
    success: {
      entry: emit(({ context }) => ({ type: 'withdrawal.created' as const, withdrawal: context.created! })),
      on: {
        reset: {
          target: 'editing',
          actions: assign({ amount: '', requisites: '', errors: {}, created: null }),
        },
      },
    },
  },
});
