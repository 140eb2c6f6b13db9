// The one statement that changes claim statuses. A claim holds its payout in the receive currency's reserve
// while open; the move that closes it settles the hold in the same statement: expiry, cancel and reject give
// it back (held shrinks), completion pays it out (amount and held shrink together). The reserve's checks
// refuse a payout the reserve cannot cover instead of flooring it at zero. The mail the client is owed for the
// move goes into the claim mail outbox in the same statement: it exists exactly when the move is committed.
// Every moved claim is announced (NOTIFY claim_changed) by the same statement, so open pages hear of it at commit.
import { sql, type SQL } from 'drizzle-orm';
import type { DatabaseError } from 'pg';
import { settlesHold, type ClaimActor, type ClaimStatus } from '../../src/domain/claimStatus.ts';
import { CARD_CHECK_STATUS } from '../../src/domain/cardVerification.ts';
import { claimChangedNotice } from './events/notify.ts';
import { mailsClient } from './mails.ts';
import { awaitsCardVerification, CARD_CHECK_NOTE, cardCheckSources } from './cardVerificationGate.ts';
import { referralCredits } from '../accounts/referralAccrual.ts';
import type { Db } from '../db/index.ts';

type Executor = Pick<Db, 'execute'>;

export interface StatusMove {
  to: ClaimStatus;
  actor: ClaimActor;
  note: string | null;
  /** Replaces the claim's reason when given (rejections). */
  reason?: string | null;
}

export interface MovedClaim {
  uuid: string;
  from: ClaimStatus;
  /** Where it went: the move's status, or needs_verification when a payout waits for the sender card. */
  to: ClaimStatus;
  /** The partner's reward (RUB) a completion credited (referralCredits), null when none. */
  reward: string | null;
}

/** Completing a claim would pay out more than the reserve holds. */
export class ReserveShortError extends Error {
  constructor() {
    super('completing the claim would take its reserve below zero');
  }
}

/**
 * Moves the claims `picked` selects (a `select uuid from claims ... for update [skip locked]`) to `move.to`, logs
 * an event for each, and settles their holds. Callers check the status table before; this only writes. A payout
 * on a direction flagged for card verification goes to needs_verification instead while the sender card is not
 * verified, and a claim that cannot be sent there (already waiting) is left as it was and not answered.
 */
export async function moveLockedClaims(executor: Executor, picked: SQL, move: StatusMove): Promise<MovedClaim[]> {
  const closes = settlesHold(move.to);
  const pays = move.to === 'completed';
  try {
    const result = await executor.execute<{
      uuid: string;
      from_status: ClaimStatus;
      to_status: ClaimStatus;
      reward: string | null;
    }>(sql`
      with picked as (${picked}),
      before as (
        select c.uuid, c.status, c.hold, c.to_summa, c.to_currency_id, ${awaitsCardVerification(move.to)} as awaits_card
        from claims c join picked on picked.uuid = c.uuid
      ),
      -- A payout whose sender card still needs verifying becomes a wait for it (or, where the table allows no
      -- such wait, does not happen); the others move to move.to.
      changed as (
        update claims set status = case when before.awaits_card then ${CARD_CHECK_STATUS} else ${move.to} end,
          updated_at = now(),
          hold = case when ${closes} and not before.awaits_card then 0 else claims.hold end,
          reason = case when ${move.reason !== undefined} and not before.awaits_card then ${move.reason ?? null}
            else claims.reason end
        -- The array condition gives the planner the primary-key path whatever the batch size it guesses.
        from before where claims.uuid = before.uuid and claims.uuid = any(array(select uuid from picked))
          and (not before.awaits_card or before.status = any(string_to_array(${cardCheckSources(move.actor)}, ',')))
        returning claims.uuid, before.status as from_status, claims.status as to_status, before.awaits_card,
          before.hold, before.to_summa, before.to_currency_id, claims.reason
      ),
      moved as (select * from changed where not awaits_card),
      per_currency as (
        select to_currency_id, sum(hold) as released, sum(to_summa) as paid from moved group by to_currency_id
      ),
      -- Holds go back to the free reserve (reserve_release, migration 0033) while the statement runs; a payout's
      -- lower amount is settled against it by the reserves trigger at the statement's end.
      released as (
        select count(reserve_release(to_currency_id, released)) as currencies from per_currency where ${closes}
      ),
      settled as (
        update reserves set amount = reserves.amount - per_currency.paid, updated_at = now()
        from per_currency
        where ${pays} and reserves.currency_id = per_currency.to_currency_id
      ),
      logged as (
        insert into claim_events (claim_uuid, from_status, to_status, actor, note)
        select uuid, from_status, to_status, ${move.actor},
          case when awaits_card then ${CARD_CHECK_NOTE} else ${move.note} end
        from changed
      ),
      mailed as (
        insert into claim_mails (claim_uuid, status, reason)
        select uuid, to_status, reason from changed where awaits_card or ${mailsClient(move.to)}
      )${pays ? sql`, ${referralCredits()}` : sql``}
      select uuid, from_status, to_status,
        ${pays ? sql`(select amount from credited where credited.reference = changed.uuid::text)` : sql`null`} as reward,
        ${claimChangedNotice(sql`changed.uuid`)} as announced,
        (select currencies from released) as released_currencies
      from changed`);
    return result.rows.map((row) => ({ uuid: row.uuid, from: row.from_status, to: row.to_status, reward: row.reward }));
  } catch (error) {
    // Drizzle wraps the driver's error: the CHECK's name is on its cause.
    const failure = ((error as { cause?: unknown }).cause ?? error) as Partial<DatabaseError>;
    if (pays && failure.code === '23514' && failure.constraint?.startsWith('reserves_')) {
      throw new ReserveShortError();
    }
    throw error;
  }
}
