// The live queue, wired once while the operator is signed in: it keeps following on every screen (the console's
// event stream, polling while it is down), so the tab title and the chime work wherever the operator is.
import { fromCallback, fromPromise } from 'xstate';
import { liveFeedMachine, type LiveStreamEvent } from '../../../machines/liveFeed.ts';
import { opsQueueMachine, type OpsQueueQuery } from '../../../machines/opsQueue.ts';
import { openEventStream } from '../../api/eventStream.ts';
import { flowContext } from '../../flows/flowContext.tsx';
import { opsApi, queueEventsUrl } from '../api.ts';
import { playChime, showAttentionInTitle } from '../attention.ts';

export const OpsQueue = flowContext(
  opsQueueMachine.provide({
    actors: {
      fetchQueue: fromPromise(({ input }: { input: OpsQueueQuery }) => opsApi.queue(input)),
      liveFeed: liveFeedMachine.provide({
        actors: {
          eventStream: fromCallback<LiveStreamEvent, { topic: string }>(({ sendBack }) => openEventStream(queueEventsUrl(), sendBack)),
        },
      }),
    },
    actions: {
      showAttention: (_, { attention }) => showAttentionInTitle(attention),
      announce: () => playChime(),
    },
  }),
);
