// Drains the claim mail outbox (claim_mails) with no transaction open while a mail travels: one short statement
// leases a batch of due rows (other instances skip leased rows), each is then sent (SMTP or the local outbox
// folder) and stamped in a statement of its own. A failed send is tried again later with a growing pause. A lease
// that runs out (the instance died between sending and stamping) makes its mails due again: such a mail goes out
// once more, never not at all.
import { asc, and, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Config } from '../config.ts';
import type { Db } from '../db/index.ts';
import { claimMails } from '../db/schema/claimMails.ts';
import { claims } from '../db/schema/claims.ts';
import { claimMail } from './mails.ts';
import { mailSettingsOf, sendMail, type OutgoingMail } from '../mail/send.ts';
import { getCatalog } from '../catalogue/catalog.ts';
import { claimPaymentDetails } from '../payments/details.ts';

const BATCH = 20;
/** How often an instance looks for mail to send when the last look found none. */
export const CLAIM_MAIL_POLL_MS = 3_000;
/** How long a batch stays leased: far longer than sending it takes (SMTP timeouts bound each send). */
export const CLAIM_MAIL_LEASE_SECONDS = 300;
/** Sending stops this long before the lease ends; the rest of the batch goes back to the queue. */
const LEASE_MARGIN_MS = 60_000;

/** Pause before the n-th retry of a failed send: 1 min, 2 min, 4 min … capped at 1 h. */
function retryDelaySeconds(attempts: number): number {
  return Math.min(60 * 2 ** Math.max(0, attempts - 1), 3600);
}

type ClaimMailRow = typeof claimMails.$inferSelect;

/** Takes up to BATCH due mails for `leaseSeconds` in one statement (committed at once); answers them in order. */
export async function leaseDueMails(db: Db, leaseSeconds: number): Promise<ClaimMailRow[]> {
  const due = db
    .select({ id: claimMails.id })
    .from(claimMails)
    .where(
      and(
        isNull(claimMails.sentAt),
        lte(claimMails.retryAt, sql`now()`),
        or(isNull(claimMails.leasedUntil), lte(claimMails.leasedUntil, sql`now()`)),
      ),
    )
    .orderBy(asc(claimMails.id))
    .limit(BATCH)
    .for('update', { skipLocked: true });
  const leased = await db
    .update(claimMails)
    .set({ leasedUntil: sql`now() + make_interval(secs => ${leaseSeconds})` })
    .where(inArray(claimMails.id, due))
    .returning();
  return leased.sort((a, b) => a.id - b.id);
}

/** The mail a leased row stands for, read from the pool (no transaction: nothing here is changed). */
async function composeMail(db: Db, config: Config, row: ClaimMailRow): Promise<OutgoingMail> {
  const [claim] = await db.select().from(claims).where(eq(claims.uuid, row.claimUuid));
  const catalog = await getCatalog(db);
  const currency = catalog.currencyById.get(claim!.fromCurrencyId);
  // Where to pay is told once, in the creation mail: the claim's own address or account.
  const payment =
    row.announcesCreation && currency ? await claimPaymentDetails(db, catalog, claim!, currency) : null;
  return claimMail(claim!, catalog, row, config.publicUrl, payment);
}

async function stampSent(db: Db, row: ClaimMailRow): Promise<void> {
  await db
    .update(claimMails)
    .set({ sentAt: sql`now()`, attempts: row.attempts + 1, leasedUntil: null })
    .where(and(eq(claimMails.id, row.id), isNull(claimMails.sentAt)));
}

async function stampFailed(db: Db, row: ClaimMailRow): Promise<void> {
  await db
    .update(claimMails)
    .set({
      attempts: row.attempts + 1,
      retryAt: sql`now() + make_interval(secs => ${retryDelaySeconds(row.attempts + 1)})`,
      lastError: 'send failed (see the server log)',
      leasedUntil: null,
    })
    .where(and(eq(claimMails.id, row.id), isNull(claimMails.sentAt)));
}

export interface ClaimMailOptions {
  /** Sends one mail; answers false when it failed (default: sendMail with the server's settings). */
  deliver?: (mail: OutgoingMail) => Promise<boolean>;
  leaseSeconds?: number;
}

/** Sends every due claim mail; answers how many were sent. */
export async function sendClaimMails(db: Db, config: Config, options: ClaimMailOptions = {}): Promise<number> {
  const deliver = options.deliver ?? ((mail: OutgoingMail) => sendMail(mailSettingsOf(config), mail));
  const leaseSeconds = options.leaseSeconds ?? CLAIM_MAIL_LEASE_SECONDS;
  let sent = 0;
  for (;;) {
    const leaseEnds = Date.now() + leaseSeconds * 1000;
    const leased = await leaseDueMails(db, leaseSeconds);
    let index = 0;
    for (; index < leased.length && Date.now() < leaseEnds - Math.min(LEASE_MARGIN_MS, leaseSeconds * 500); index += 1) {
      const row = leased[index]!;
      if (await deliver(await composeMail(db, config, row))) {
        await stampSent(db, row);
        sent += 1;
      } else {
        await stampFailed(db, row);
      }
    }
    const unsent = leased.slice(index).map((row) => row.id);
    if (unsent.length > 0) {
      // Too close to the lease's end to send safely: back to the queue for the next pass.
      await db.update(claimMails).set({ leasedUntil: null }).where(inArray(claimMails.id, unsent));
      return sent;
    }
    if (leased.length < BATCH) return sent;
  }
}
