// One resource a console screen shows, through the shared resourceLoad machine with the screen's call.
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { resourceLoadMachine, type ResourceParams } from '../../machines/resourceLoad.ts';

export function useResource<T>(fetch: () => Promise<T>) {
  // The console renders in the browser only: nothing is preloaded, every resource is loaded.
  const actor = useActorRef(resourceLoadMachine.provide({ actors: { fetchResource: fromPromise<unknown, ResourceParams>(() => fetch()) } }), {
    input: {},
  });
  const data = useSelector(actor, (state) => state.context.data) as T | null;
  const failed = useSelector(actor, (state) => state.matches('failed'));
  const busy = useSelector(actor, (state) => state.hasTag('busy'));
  return {
    data,
    failed,
    busy,
    reload: () => actor.send({ type: 'reload' }),
    retry: () => actor.send({ type: 'retry' }),
  };
}
