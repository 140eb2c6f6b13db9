// The partner API under /api/partner/v1/: authenticated by the X-Api-Key header (a revoked or unknown key is 401),
// accepted only from the key's allowed addresses (403), limited per key per minute (429 with Retry-After).
// GET directions/ (the audited items of the rates export), POST claims/ (the claim service itself, Idempotency-Key
// required), GET claims/{uuid}/ (the partner's own claims only).
import { Hono, type Context } from 'hono';
import { createClaimRequest } from '../../src/api/schemas/claim.ts';
import type { PartnerClaim, PartnerDirection } from '../../src/api/schemas/partner.ts';
import type { PartnerRow } from '../db/schema/partners.ts';
import { clientIp } from '../http/clientIp.ts';
import type { AppEnv } from '../http/env.ts';
import { fail } from '../http/errors.ts';
import { tooManyRequests } from '../http/rateLimit.ts';
import { jsonBody } from '../http/validate.ts';
import { createClaim } from '../claims/service.ts';
import { IDEMPOTENCY_HEADER, idempotencyKeyFrom } from '../claims/idempotency.ts';
import { addHits } from '../shared/rateLimitWindows.ts';
import { partnerByKey } from './service.ts';
import { partnerClaim, partnerDirections, referralCodeOf } from './queries.ts';

export const API_KEY_HEADER = 'X-Api-Key';

/** The partner whose key came with the request, from an allowed address and within its rate. */
async function authenticatePartner(c: Context<AppEnv>): Promise<PartnerRow> {
  const key = c.req.header(API_KEY_HEADER);
  const partner = key ? await partnerByKey(c.get('db'), key) : null;
  if (!partner) {
    fail(401, /*i18n*/ { id: 'partners.apiKey.invalid', message: 'The API key is wrong or revoked.' }, 'invalid_api_key');
  }
  if (partner.allowedIps && !partner.allowedIps.includes(clientIp(c))) {
    fail(403, /*i18n*/ { id: 'partners.apiKey.addressNotAllowed', message: 'This key is not accepted from your address.' }, 'address_not_allowed');
  }
  const count = await addHits(c.get('db'), `partner:${partner.id}`, 60);
  if (count.hits > partner.requestsPerMinute) throw tooManyRequests(count.resetsIn);
  c.header('Cache-Control', 'no-store');
  return partner;
}

export const partnerRoutes = new Hono<AppEnv>()
  .get('/directions/', async (c) => {
    await authenticatePartner(c);
    const body: PartnerDirection[] = await partnerDirections(c.get('db'));
    return c.json(body);
  })
  .post('/claims/', async (c) => {
    const locale = c.get('locale');
    const partner = await authenticatePartner(c);
    const request = await jsonBody(c, createClaimRequest);
    const header = c.req.header(IDEMPOTENCY_HEADER);
    if (header === undefined) {
      fail(
        400,
        /*i18n*/ { id: 'partners.idempotencyKey.required', message: 'The partner API requires an Idempotency-Key header.' },
        'idempotency_key_required',
      );
    }
    // The claim is the partner's through its Idempotency-Key row (scope partner:<id>), written in the claim's own
    // transaction; a partner with a reward account is its referrer, so completions credit it like a referral.
    const partnered = { ...request, refferal: await referralCodeOf(c.get('db'), partner.userId) };
    const idempotency = idempotencyKeyFrom(header, `partner:${partner.id}`, request);
    const answer = await createClaim(c.get('db'), c.get('config'), {
      request: partnered,
      locale,
      userId: null,
      idempotency,
      clientIp: clientIp(c),
    });
    if (answer.replayed) c.header('Idempotent-Replayed', 'true');
    return c.json(answer.body, answer.status as 201);
  })
  .get('/claims/:uuid/', async (c) => {
    const partner = await authenticatePartner(c);
    const claim: PartnerClaim | null = await partnerClaim(c.get('db'), partner.id, c.req.param('uuid'));
    if (!claim) fail(404, /*i18n*/ { id: 'partners.claim.notFound', message: 'Exchange request not found.' });
    return c.json(claim);
  });
