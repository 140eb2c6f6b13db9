// The payout gate of directions flagged for card verification (directions.card_verification): the SQL that tells
// whether a claim's sender card still lacks an approved verification, used by the one status-move statement, and
// the draft verification a waiting client is led to (/verification/{uuid}).
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import {
  CLAIM_STATUSES,
  canMove,
  type ClaimActor,
  type ClaimStatus,
} from '../../src/domain/claimStatus.ts';
import { CARD_CHECK_STATUS, startsPayout } from '../../src/domain/cardVerification.ts';
import type { Db } from '../db/index.ts';
import { directions } from '../db/schema/calculator.ts';
import type { ClaimRow } from '../db/schema/claims.ts';
import { verifications } from '../db/schema/verification.ts';
import { openRequisites } from '../keys/atRest.ts';
import { keptCardMask } from '../accounts/cardNumber.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The note logged when a payout move is turned into a wait for the card's verification. */
export const CARD_CHECK_NOTE = 'the sender card is not verified yet';

/**
 * A boolean over the claim aliased `c`: moving it to `to` would start a payout on a flagged direction while no
 * approved verification of its sender card belongs to the account that created it signed in (a guest's claim
 * borrows no account's verification, whatever e-mail it gives). Always false for other moves.
 */
export function awaitsCardVerification(to: ClaimStatus): SQL {
  if (!startsPayout(to)) return sql`false`;
  return sql`(exists (
      select 1 from directions d
      where d.from_id = c.from_currency_id and d.to_id = c.to_currency_id and d.card_verification)
    and not exists (
      select 1 from verifications v
      where v.status = 'approved' and v.card_fingerprint = c.card_fingerprint
        and c.created_signed_in and v.user_id = c.user_id))`;
}

/** Statuses from which `actor` may send a claim to wait for its card (a claim elsewhere is refused instead). */
export function cardCheckSources(actor: ClaimActor): string {
  return CLAIM_STATUSES.filter((from) => canMove(from, CARD_CHECK_STATUS, actor)).join(',');
}

/**
 * The owner's verification of the claim's sender card, created as a draft when there is none, so the claim page
 * can lead the client to it. Null when the claim was not created signed in (nothing is planted in the account of
 * an e-mail a guest typed) or has no card.
 */
export async function sendersCardVerification(tx: Tx, claim: ClaimRow): Promise<string | null> {
  const card = openRequisites(claim.fromRequisites).card;
  if (claim.userId === null || !claim.createdSignedIn || !card || claim.cardFingerprint === null) return null;
  const result = await tx.execute<{ uuid: string }>(sql`
    with found as (
      select uuid from ${verifications}
      where user_id = ${claim.userId} and card_fingerprint = ${claim.cardFingerprint}
      order by id limit 1
    ), created as (
      insert into ${verifications} (user_id, card_masked, card_fingerprint)
      select ${claim.userId}, ${keptCardMask(card)}, ${claim.cardFingerprint} where not exists (select 1 from found)
      returning uuid
    )
    select uuid from found union all select uuid from created`);
  return result.rows[0]?.uuid ?? null;
}

/**
 * What the claim page shows of a wait for the sender card: null unless the claim waits in needs_verification on a
 * direction that requires the card verified; then the owner's verification of that card to complete, if any.
 */
export async function cardWaitOf(db: Pick<Db, 'select'>, claim: ClaimRow): Promise<{ verification: string | null } | null> {
  if (claim.status !== CARD_CHECK_STATUS) return null;
  const [direction] = await db
    .select({ required: directions.cardVerification })
    .from(directions)
    .where(and(eq(directions.fromId, claim.fromCurrencyId), eq(directions.toId, claim.toCurrencyId)));
  if (!direction?.required) return null;
  return { verification: await sendersCardVerificationOf(db, claim) };
}

/** The uuid of the owner's verification of the claim's sender card, or null. */
async function sendersCardVerificationOf(db: Pick<Db, 'select'>, claim: ClaimRow): Promise<string | null> {
  if (claim.userId === null || !claim.createdSignedIn || claim.cardFingerprint === null) return null;
  const [row] = await db
    .select({ uuid: verifications.uuid })
    .from(verifications)
    .where(and(eq(verifications.userId, claim.userId), eq(verifications.cardFingerprint, claim.cardFingerprint)))
    .orderBy(asc(verifications.id))
    .limit(1);
  return row?.uuid ?? null;
}
