// The partner API's answers (/api/partner/v1/): directions with their course and limits, and a partner's claim.
import * as z from 'zod/mini';
import { CLAIM_STATUSES } from '../../domain/claimStatus.ts';
import { decimal, isoDateTime } from './common.ts';

const currencyRef = z.object({ id: z.number(), code: z.string() });

/** GET /api/partner/v1/directions/: one direction as the rates export publishes it (audited). */
export const partnerDirection = z.object({
  from: currencyRef,
  to: currencyRef,
  /** receive = give × course. */
  course: decimal,
  /** The receive currency's available reserve. */
  reserve: decimal,
  fromMin: z.nullable(decimal),
  fromMax: z.nullable(decimal),
  toMin: z.nullable(decimal),
  toMax: z.nullable(decimal),
  /** The monitors' labels: manual, floating, verifying, cardverify. */
  params: z.array(z.string()),
});
export type PartnerDirection = z.infer<typeof partnerDirection>;

export const partnerDirections = z.array(partnerDirection);

/** GET /api/partner/v1/claims/{uuid}/. */
export const partnerClaim = z.object({
  uuid: z.string(),
  status: z.enum(CLAIM_STATUSES),
  from: z.string(),
  to: z.string(),
  fromSumma: decimal,
  toSumma: decimal,
  course: decimal,
  createdAt: isoDateTime,
  /** Until when the claim waits for payment. */
  deadline: isoDateTime,
});
export type PartnerClaim = z.infer<typeof partnerClaim>;

/** The body of every webhook POST (signed in the Webhook-Signature header). */
export const partnerWebhookEvent = z.object({
  id: z.number(),
  type: z.literal('claim.status_changed'),
  occurredAt: isoDateTime,
  claim: z.object({
    uuid: z.string(),
    status: z.enum(CLAIM_STATUSES),
    previousStatus: z.nullable(z.enum(CLAIM_STATUSES)),
  }),
});
