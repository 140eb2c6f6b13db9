// The live queue, wired once while the operator is signed in: it keeps polling on every screen, so the tab
// title and the chime work wherever the operator is.
import { createActorContext } from '@xstate/react';
import { fromPromise } from 'xstate';
import { opsQueueMachine, type OpsQueueQuery } from '../../../machines/opsQueue.ts';
import { opsApi } from '../api.ts';
import { playChime, showAttentionInTitle } from '../attention.ts';

export const OpsQueue = createActorContext(
  opsQueueMachine.provide({
    actors: { fetchQueue: fromPromise(({ input }: { input: OpsQueueQuery }) => opsApi.queue(input)) },
    actions: {
      showAttention: (_, { attention }) => showAttentionInTitle(attention),
      announce: () => playChime(),
    },
  }),
);
