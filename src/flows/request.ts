// What a page shows of a one-shot request actor: activation from a mailed link, resending the activation mail.
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { requestMachine } from '../../machines/request.ts';

/** What a view shows of a request: where it stands, the server's message, and the two ways to (re)start it. */
export function useRequestView(actor: ActorRefFrom<typeof requestMachine>) {
  const state = useSelector(actor, (s) => s);
  return {
    idle: state.matches('idle'),
    pending: state.hasTag('busy'),
    succeeded: state.matches('succeeded'),
    failed: state.matches('failed'),
    message: state.context.message,
    start: () => actor.send({ type: 'start' }),
    retry: () => actor.send({ type: 'retry' }),
  };
}
