// GET /api/v1/claim/{uuid}/events/ (and under /en): the open claim page's live stream. Whoever may read the
// claim's status (anyone holding its link) may follow it; the notices carry only the uuid, and the page reads
// the status through its usual call. Opening costs one query (the claim exists); waiting costs none.
import { Hono } from 'hono';
import type { AppEnv } from '../../http/env.ts';
import { clientLimitKey } from '../../http/clientIp.ts';
import { fail } from '../../http/errors.ts';
import { CLAIM_NOT_FOUND, findClaim } from '../service.ts';
import type { ClaimEventHub } from './hub.ts';
import { eventStream } from './stream.ts';

export function claimEventRoutes(hub: ClaimEventHub): Hono<AppEnv> {
  return new Hono<AppEnv>().get('/:uuid/events/', async (c) => {
    const claim = await findClaim(c.get('db'), c.req.param('uuid'));
    if (!claim) fail(404, CLAIM_NOT_FOUND);
    return eventStream(c, hub, {
      topic: claim.uuid,
      client: clientLimitKey(c),
      data: JSON.stringify({ uuid: claim.uuid }),
    });
  });
}
