// Runs the one-shot request machine for a page: activation from a mailed link, resending the activation mail.
import { useMemo } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise, type ActorRefFrom } from 'xstate';
import { requestMachine } from '../../../machines/request.ts';
import { inspect } from '../inspector.ts';
import { withErrorBody } from '../../api/errors.ts';

export function useRequest(call: () => Promise<unknown>, { autoStart, logAs }: { autoStart: boolean; logAs: string }) {
  const machine = useMemo(
    () =>
      requestMachine.provide({
        actors: { send: fromPromise(() => withErrorBody(call)) },
        actions: { logFailure: (_, { error }) => console.error(logAs, error) },
      }),
    // The call is fixed for the life of the page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );
  return useRequestView(useActorRef(machine, { input: { autoStart }, inspect }));
}

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
