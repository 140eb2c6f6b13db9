// GET /ops-api/v1/queue/events/: the console's live queue stream (an operator session, checked when it opens):
// a notice whenever a claim is created or changes, gathered per quarter second; the console then reads its queue.
import { Hono } from 'hono';
import { QUEUE_TOPIC, type ClaimEventHub } from '../claims/events/hub.ts';
import { eventStream } from '../claims/events/stream.ts';
import { clientIp } from '../http/clientIp.ts';
import type { OpsEnv } from './env.ts';

export function opsEventRoutes(hub: ClaimEventHub): Hono<OpsEnv> {
  return new Hono<OpsEnv>().get('/events/', (c) =>
    eventStream(c, hub, { topic: QUEUE_TOPIC, client: clientIp(c), data: JSON.stringify({ queue: true }) }),
  );
}
