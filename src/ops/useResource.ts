// One resource a console screen shows, through its wired resourceLoad machine (src/ops/wiring/resources.ts);
// `params` says which record when the resource needs one (a claim's uuid).
import { useSelector } from '@xstate/react';
import type { OpsResource } from './wiring/resources.ts';

export function useResource<T>(resource: OpsResource<T>, params?: string) {
  // The console renders in the browser only: nothing is preloaded, every resource is loaded.
  const actor = resource.useFlowActor({ params: params ?? null });
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
