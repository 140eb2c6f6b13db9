// What a view shows of a resourceLoad actor (a news item, the currency codes): where the load stands, the data,
// and the retry after a failure.
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { resourceLoadMachine } from '../../machines/resourceLoad.ts';

export interface ResourceView<Data> {
  status: 'loading' | 'ready' | 'failed';
  data: Data | null;
  retry: () => void;
}

export function useResourceView<Data>(actor: ActorRefFrom<typeof resourceLoadMachine>): ResourceView<Data> {
  const status = useSelector(actor, (s): ResourceView<Data>['status'] =>
    s.matches('ready') ? 'ready' : s.matches('failed') ? 'failed' : 'loading',
  );
  const data = useSelector(actor, (s) => s.context.data as Data | null);
  return { status, data, retry: () => actor.send({ type: 'retry' }) };
}
