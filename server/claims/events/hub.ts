// Live claim notices for open claim pages and consoles. Every change to a claim (a status move, a deposit seen, its
// confirmations) is announced with NOTIFY claim_changed '<uuid>' in the transaction that makes it (notify.ts), so
// it is heard exactly when committed, by every instance. Each instance keeps ONE connection listening
// (server/db/listen.ts) and fans every notice out in memory to the streams open on it: those following that claim
// and the consoles following the queue. A stream waiting for news costs no query.
import { listenChannel } from '../../db/listen.ts';
import { CLAIM_CHANNEL } from './notify.ts';

/** The topic of the back office's queue: any claim created or changed. */
export const QUEUE_TOPIC = 'queue';
/** Queue notices are gathered for this long: a burst of moves makes one console read, not one per claim. */
const QUEUE_GATHER_MS = 250;

export interface Subscriber {
  /** Something the subscriber follows changed (or may have, after the listener reconnected). */
  changed(): void;
  /** The instance is shutting down: the stream should end. */
  ended(): void;
}

export interface StreamLimits {
  perInstance: number;
  perClient: number;
}

export interface ClaimEventHub {
  /** Resolves once the listener's first LISTEN is in place. */
  ready: Promise<void>;
  /**
   * Follows `topic` (a claim's uuid, or QUEUE_TOPIC) for `client` (its address); answers how to stop following,
   * or null when this instance or this client already holds as many streams as allowed.
   */
  subscribe(topic: string, client: string, subscriber: Subscriber): (() => void) | null;
  /** Streams open on this instance. */
  openStreams(): number;
  /** Ends every stream and the listening connection. */
  stop(): Promise<void>;
}

export function startClaimEventHub(url: string, limits: StreamLimits): ClaimEventHub {
  const byTopic = new Map<string, Set<Subscriber>>();
  const perClient = new Map<string, number>();
  let open = 0;
  let everConnected = false;
  let queueTimer: NodeJS.Timeout | null = null;

  const tell = (topic: string) => {
    for (const subscriber of byTopic.get(topic) ?? []) subscriber.changed();
  };
  const tellQueue = () => {
    if (queueTimer) return;
    queueTimer = setTimeout(() => {
      queueTimer = null;
      tell(QUEUE_TOPIC);
    }, QUEUE_GATHER_MS);
  };

  const listener = listenChannel(url, CLAIM_CHANNEL, {
    notice: (uuid) => {
      tell(uuid);
      tellQueue();
    },
    // Notices sent while the link was down were lost: every stream reads once more.
    connected: () => {
      if (everConnected) for (const topic of byTopic.keys()) tell(topic);
      everConnected = true;
    },
  });

  return {
    ready: listener.ready,
    subscribe(topic, client, subscriber) {
      const held = perClient.get(client) ?? 0;
      if (open >= limits.perInstance || held >= limits.perClient) return null;
      open += 1;
      perClient.set(client, held + 1);
      const followers = byTopic.get(topic) ?? new Set<Subscriber>();
      followers.add(subscriber);
      byTopic.set(topic, followers);
      let following = true;
      return () => {
        if (!following) return;
        following = false;
        open -= 1;
        const left = (perClient.get(client) ?? 1) - 1;
        if (left > 0) perClient.set(client, left);
        else perClient.delete(client);
        followers.delete(subscriber);
        if (followers.size === 0 && byTopic.get(topic) === followers) byTopic.delete(topic);
      };
    },
    openStreams: () => open,
    stop: async () => {
      if (queueTimer) clearTimeout(queueTimer);
      queueTimer = null;
      for (const followers of [...byTopic.values()]) for (const subscriber of [...followers]) subscriber.ended();
      await listener.stop();
    },
  };
}
