// The console's decisions, each bound once to its call: the chosen value (and reason) become the request here.
// A decision on one record (a claim, a verification, an account) takes it as its target.
import { fromPromise } from 'xstate';
import { opsDecisionMachine, type OpsDecisionRequest } from '../../../machines/opsDecision.ts';
import type { OpsSection } from '../../domain/operatorRoles.ts';
import { flowContext, type FlowPage } from '../../flows/flowContext.tsx';
import { opsApi } from '../api.ts';

export const opsDecisionSends = {
  /** target: the claim's uuid; the value is the status moved to. */
  moveClaim: ({ value, reason }: OpsDecisionRequest, uuid: string) => opsApi.moveClaim(uuid, value, reason),
  /** target: the verification's uuid. */
  decideVerification: ({ value, reason }: OpsDecisionRequest, uuid: string) =>
    value === 'approve' ? opsApi.approveVerification(uuid) : opsApi.rejectVerification(uuid, reason),
  /** target: the withdrawal's id. */
  decideWithdrawal: ({ value }: OpsDecisionRequest, id: number) => opsApi.decideWithdrawal(id, value === 'pay' ? 'pay' : 'reject'),
  /** target: the account's id. */
  disableReceivingAccount: (_: OpsDecisionRequest, id: number) => opsApi.disableReceivingAccount(id),
  switchContest: ({ value }: OpsDecisionRequest) => opsApi.setContest(value === 'on'),
  /** target: the direction's id. */
  decideHeldRate: ({ value }: OpsDecisionRequest, directionId: number) =>
    opsApi.decideHeld(directionId, value === 'accept' ? 'accept' : 'reject'),
  /** target: the direction's id. */
  removeFormula: (_: OpsDecisionRequest, directionId: number) => opsApi.removeFormula(directionId),
  /** target: the pending change's id (four eyes). */
  decideChange: ({ value }: OpsDecisionRequest, id: number) => opsApi.decideChange(id, value === 'approve' ? 'approve' : 'reject'),
  /** target: the user's id; block (with its reason), unblock, or logout (end every session). */
  decideUser: ({ value, reason }: OpsDecisionRequest, id: number) =>
    opsApi.decideUser(id, value === 'block' ? 'block' : value === 'unblock' ? 'unblock' : 'logout', reason),
};

/** The console section each decision changes (src/domain/operatorRoles.ts): a role that may not change it is not offered it. */
export const opsDecisionSections: Record<keyof typeof opsDecisionSends, OpsSection> = {
  moveClaim: 'claims',
  decideVerification: 'verifications',
  decideWithdrawal: 'withdrawals',
  disableReceivingAccount: 'payments',
  switchContest: 'settings',
  decideHeldRate: 'rates',
  removeFormula: 'rates',
  decideChange: 'changes',
  decideUser: 'users',
};

export type OpsDecisionSend = keyof typeof opsDecisionSends;
/** The record decided on; undefined for a site-wide switch. */
export type OpsDecisionTarget<Send extends OpsDecisionSend> = Parameters<(typeof opsDecisionSends)[Send]> extends [unknown, infer Target]
  ? Target
  : undefined;

/** What a decision form binds its flow to: its call, the record it decides on, the screen's reload. */
interface DecisionForm {
  send: OpsDecisionSend;
  target: unknown;
  onDecided: () => void;
}

const decisionFlow = flowContext(opsDecisionMachine, (form: FlowPage<DecisionForm>) => ({
  actors: {
    send: fromPromise<unknown, OpsDecisionRequest>(({ input }) => {
      const call = opsDecisionSends[form().send] as (request: OpsDecisionRequest, target: unknown) => Promise<unknown>;
      return call(input, form().target);
    }),
  },
  actions: { notifyDecided: () => form().onDecided() },
}));

/** The decision flow of one form, telling the screen when it was decided. */
export function useOpsDecision<Send extends OpsDecisionSend>(send: Send, target: OpsDecisionTarget<Send>, onDecided: () => void) {
  return decisionFlow.useFlowActor(undefined, { send, target, onDecided });
}
