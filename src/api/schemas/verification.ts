import * as z from 'zod/mini';
import { isoDateTime } from './common.ts';

export const verificationStatus = z.enum(['draft', 'pending', 'approved', 'rejected']);
export type VerificationStatus = z.infer<typeof verificationStatus>;

/** A card verification: the user photographs the card beside a note with the date. */
export const verification = z.object({
  id: z.number(),
  uuid: z.string(),
  card: z.string(),
  status: verificationStatus,
  reason: z.nullable(z.string()),
  images: z.number(),
  createdAt: isoDateTime,
});
export type Verification = z.infer<typeof verification>;

/** POST /api/v1/verify/ and PUT /api/v1/verify/{id}/. */
export const verificationRequest = z.strictObject({ card: z.string().check(z.maxLength(32)) });

/** GET /api/v1/verify/inputs/. */
export const verificationInputs = z.array(
  z.object({ name: z.string(), label: z.string(), check: z.string(), required: z.boolean() }),
);

/** GET /api/v1/verify/{id}/status/. */
export const verificationStatusResponse = z.object({ status: verificationStatus, reason: z.nullable(z.string()) });
export type VerificationStatusResponse = z.infer<typeof verificationStatusResponse>;

/** POST /api/v2/verify/upload/ (multipart: `verification`, `file`). */
export const uploadResponse = z.object({ id: z.number(), images: z.number() });

/** POST /api/v2/verify/confirm/. */
export const confirmVerificationRequest = z.strictObject({ verification: z.number().check(z.int()) });
