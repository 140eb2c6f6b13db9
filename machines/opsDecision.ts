// One operator decision on what the console shows (move a claim to a status, approve or reject a card
// verification): choose, give a reason where the choice needs one, send once, report the outcome.
import { assign, fromPromise, setup } from 'xstate';
import { errorsFromBody } from '../src/api/errors.ts';
import { withoutError, type FormErrors } from './formErrors.ts';

export interface OpsDecisionChoice {
  /** What is decided: a status name, 'approve', 'reject'. */
  value: string;
  /** The client will read a reason: the decision is not sent without one. */
  needsReason: boolean;
}

export interface OpsDecisionRequest {
  value: string;
  reason: string;
}

export type OpsDecisionField = 'reason' | 'status';

export interface OpsDecisionContext {
  choice: OpsDecisionChoice | null;
  reason: string;
  errors: FormErrors<OpsDecisionField>;
}

export type OpsDecisionEvent =
  | { type: 'choose'; choice: OpsDecisionChoice }
  | { type: 'reason.changed'; value: string }
  | { type: 'confirm' }
  | { type: 'cancel' };

const FIELDS: readonly OpsDecisionField[] = ['reason', 'status'];

export const opsDecisionMachine = setup({
  types: { context: {} as OpsDecisionContext, events: {} as OpsDecisionEvent },
  actors: {
    send: fromPromise<unknown, OpsDecisionRequest>(async () => {
      throw new Error('opsDecision: the view must provide "send"');
    }),
  },
  actions: {
    storeChoice: assign({ choice: (_, params: { choice: OpsDecisionChoice }) => params.choice, reason: '', errors: {} }),
    editReason: assign(({ context }, params: { value: string }) => ({ reason: params.value, errors: withoutError(context.errors, 'reason') })),
    markReasonMissing: assign({ errors: { reason: { code: 'required' } } }),
    forgetChoice: assign({ choice: null, reason: '', errors: {} }),
    showErrors: assign({ errors: (_, params: { body: unknown }) => errorsFromBody(params.body, FIELDS) }),
    /** The view reloads what it shows (the decision changed it). */
    notifyDecided: () => {},
  },
  guards: {
    // Stryker disable next-line OptionalChaining: only `choose` leads to confirming, so a choice is always there.
    reasonGiven: ({ context }) => !context.choice?.needsReason || context.reason.trim() !== '',
  },
}).createMachine({
  // Stryker disable next-line StringLiteral: the id names the machine in diagrams and the inspector; no state refers to it.
  id: 'opsDecision',
  context: { choice: null, reason: '', errors: {} },
  initial: 'idle',
  states: {
    idle: {
      on: { choose: { target: 'confirming', actions: { type: 'storeChoice', params: ({ event }) => ({ choice: event.choice }) } } },
    },
    /** The choice is shown with its reason field (when needed) and a confirm button. */
    confirming: {
      on: {
        choose: { actions: { type: 'storeChoice', params: ({ event }) => ({ choice: event.choice }) } },
        'reason.changed': { actions: { type: 'editReason', params: ({ event }) => ({ value: event.value }) } },
        confirm: [{ guard: 'reasonGiven', target: 'sending' }, { actions: 'markReasonMissing' }],
        cancel: { target: 'idle', actions: 'forgetChoice' },
      },
    },
    sending: {
      tags: ['busy'],
      invoke: {
        src: 'send',
        // Stryker disable next-line OptionalChaining,StringLiteral: sending follows confirming, which always has a choice.
        input: ({ context }) => ({ value: context.choice?.value ?? '', reason: context.reason.trim() }),
        onDone: { target: 'idle', actions: ['forgetChoice', 'notifyDecided'] },
        onError: { target: 'confirming', actions: { type: 'showErrors', params: ({ event }) => ({ body: event.error }) } },
      },
    },
  },
});

export type OpsDecisionMachine = typeof opsDecisionMachine;
