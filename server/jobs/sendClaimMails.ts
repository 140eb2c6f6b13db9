// Drains the claim mail outbox (claim_mails): each due row is sent (SMTP or the local outbox folder) and stamped
// in one transaction that keeps it locked, so two instances never take the same mail; a failed send is tried
// again later with a growing pause. A crash between the send and the commit sends that mail once more, never none.
import { and, asc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Config } from '../config.ts';
import type { Db } from '../db/index.ts';
import { claimMails } from '../db/schema/claimMails.ts';
import { claims } from '../db/schema/claims.ts';
import { claimMail } from '../mail/claimMails.ts';
import { mailSettingsOf, sendMail } from '../mail/send.ts';
import { getCatalog } from '../services/catalog.ts';
import { claimPaymentDetails } from '../services/paymentDetails.ts';

const BATCH = 20;
/** How often an instance looks for mail to send when the last look found none. */
export const CLAIM_MAIL_POLL_MS = 3_000;

/** Pause before the n-th retry of a failed send: 1 min, 2 min, 4 min … capped at 1 h. */
function retryDelaySeconds(attempts: number): number {
  return Math.min(60 * 2 ** Math.max(0, attempts - 1), 3600);
}

/** Sends every due claim mail; answers how many were sent. */
export async function sendClaimMails(db: Db, config: Config): Promise<number> {
  let sent = 0;
  for (;;) {
    const outcome = await db.transaction(async (tx) => {
      const due = await tx
        .select()
        .from(claimMails)
        .where(and(isNull(claimMails.sentAt), lte(claimMails.retryAt, sql`now()`)))
        .orderBy(asc(claimMails.id))
        .limit(BATCH)
        .for('update', { skipLocked: true });
      if (due.length === 0) return { taken: 0, sent: 0 };
      const rows = await tx.select().from(claims).where(inArray(claims.uuid, [...new Set(due.map((row) => row.claimUuid))]));
      const claimsByUuid = new Map(rows.map((row) => [row.uuid, row]));
      const catalog = await getCatalog(db);
      let delivered = 0;
      for (const row of due) {
        const claim = claimsByUuid.get(row.claimUuid)!;
        const currency = catalog.currencyById.get(claim.fromCurrencyId);
        // Where to pay is told once, in the creation mail: the claim's own address or account.
        const payment =
          row.announcesCreation && currency ? await claimPaymentDetails(tx, catalog, claim, currency, claim.locale) : null;
        const ok = await sendMail(mailSettingsOf(config), claimMail(claim, catalog, row, config.publicUrl, payment));
        if (ok) {
          delivered += 1;
          await tx.update(claimMails).set({ sentAt: sql`now()`, attempts: row.attempts + 1 }).where(eq(claimMails.id, row.id));
        } else {
          await tx
            .update(claimMails)
            .set({
              attempts: row.attempts + 1,
              retryAt: sql`now() + make_interval(secs => ${retryDelaySeconds(row.attempts + 1)})`,
              lastError: 'send failed (see the server log)',
            })
            .where(eq(claimMails.id, row.id));
        }
      }
      return { taken: due.length, sent: delivered };
    });
    sent += outcome.sent;
    if (outcome.taken < BATCH) return sent;
  }
}
