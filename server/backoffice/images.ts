// Receipts and card photos, for operators only (the routes sit behind requireOperator), at paths made of
// random ids (claim uuid, verification uuid): sent with the stored type, inline, never sniffed.
import { eq } from 'drizzle-orm';
import type { Context } from 'hono';
import type { Db } from '../db/index.ts';
import type { ClaimRow } from '../db/schema/claims.ts';
import { claimReceipts } from '../db/schema/security.ts';
import type { OpsEnv } from './env.ts';

/** The API prefix of this request (/ops-api/v1 or /ops-api/en/v1), so links keep the console's language. */
export function apiPrefix(c: Context<OpsEnv>): string {
  return c.get('locale') === 'en' ? '/ops-api/en/v1' : '/ops-api/v1';
}

export function receiptPath(c: Context<OpsEnv>, claimUuid: string): string {
  return `${apiPrefix(c)}/claims/${claimUuid}/receipt/`;
}

export function cardPhotoPath(c: Context<OpsEnv>, verificationUuid: string, imageId: number): string {
  return `${apiPrefix(c)}/verifications/${verificationUuid}/photos/${imageId}/`;
}

export async function receiptStored(db: Db, claim: ClaimRow): Promise<boolean> {
  const rows = await db
    .select({ uuid: claimReceipts.claimUuid })
    .from(claimReceipts)
    .where(eq(claimReceipts.claimUuid, claim.uuid));
  return rows.length === 1;
}

export function imageResponse(c: Context<OpsEnv>, image: { mime: string; bytes: Buffer }): Response {
  return c.body(new Uint8Array(image.bytes), 200, {
    'Content-Type': image.mime,
    'Content-Length': String(image.bytes.byteLength),
    'Content-Disposition': 'inline',
    'X-Content-Type-Options': 'nosniff',
  });
}
