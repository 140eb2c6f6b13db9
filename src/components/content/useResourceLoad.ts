// Runs the resourceLoad machine for one piece of page data. The loader is fixed for the life of the component:
// give the component a `key` (e.g. the slug) so other data gets a fresh actor. `preloaded` is the data a
// server-rendered page came with: shown at once, nothing loaded.
import { useMemo } from 'react';
import { fromPromise } from 'xstate';
import { useActorRef, useSelector } from '@xstate/react';
import { resourceLoadMachine } from '../../../machines/resourceLoad.ts';
import { errorBody } from '../../api/errors.ts';

export function useResourceLoad<T>(load: () => Promise<T>, preloaded: T | null = null) {
  // The first loader is the one the actor runs (see the `key` note above).
  const machine = useMemo(
    () =>
      resourceLoadMachine.provide({
        actors: {
          fetchResource: fromPromise<unknown>(async () => {
            try {
              return await load();
            } catch (error) {
              throw await errorBody(error);
            }
          }),
        },
      }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );
  const actor = useActorRef(machine, { input: { preloaded } });
  const status = useSelector(actor, (s): 'loading' | 'ready' | 'failed' =>
    s.matches('ready') ? 'ready' : s.matches('failed') ? 'failed' : 'loading',
  );
  const data = useSelector(actor, (s) => s.context.data as T | null);
  return { status, data, retry: () => actor.send({ type: 'retry' }) };
}
