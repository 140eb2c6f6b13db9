// What follows a claim's commit, in a statement of its own: its receiving account is stamped as just used (the least
// recently used one goes first next time) and the consoles' live queues hear of the claim (events/notify.ts).
// Neither rides the creating commit: every creation of a currency would wait on the account's row, and PostgreSQL
// serializes the commits of all notifying transactions on one lock held through the WAL flush. Both are hints, so
// the statement does not wait for its own flush (and skips an account row another one is stamping): a crash may
// lose a stamp or a notice, never a claim.
//
// The follow-ups of one instance are coalesced the way PostgreSQL groups commits: one statement at a time, and the
// claims created while it runs share the next one. A lone claim waits for nothing extra; under load a claim costs
// one statement of its own plus a share of one.
import { sql } from 'drizzle-orm';
import type { Db } from '../db/index.ts';
import { prepareStatement, runPrepared } from '../db/prepared.ts';
import { receivingAccounts } from '../db/schema/receivingAccounts.ts';
import { claimChangedNotice } from './events/notify.ts';

interface Waiting {
  uuid: string;
  /** The receiving account the claim was given, or null. */
  accountId: number | null;
  settle: (error?: unknown) => void;
}

class FollowUps {
  private readonly waiting: Waiting[] = [];
  private running = false;
  private readonly db: Db;

  constructor(db: Db) {
    this.db = db;
  }

  add(uuid: string, accountId: number | null): Promise<void> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ uuid, accountId, settle: (error) => (error === undefined ? resolve() : reject(error)) });
      if (!this.running) void this.drain();
    });
  }

  private async drain(): Promise<void> {
    this.running = true;
    while (this.waiting.length > 0) {
      const batch = this.waiting.splice(0);
      try {
        await stampAndAnnounce(this.db, batch);
        for (const { settle } of batch) settle();
      } catch (error) {
        for (const { settle } of batch) settle(error ?? new Error('claim follow-up failed'));
      }
    }
    this.running = false;
  }
}

/** Stamps the batch's accounts (the creating statement said which: no read of the claims) and announces its claims. */
const stampAndAnnounceStatement = prepareStatement('claims_after_created', sql`
    with stamped as (
      update ${receivingAccounts} set last_used_at = now()
      where ${receivingAccounts.id} in (
        select account.id from ${receivingAccounts} account
        where account.id = any(${sql.placeholder('accounts')}::int[]) for no key update skip locked)
    )
    select set_config('synchronous_commit', 'off', true),
      (select count(${claimChangedNotice(sql`created.uuid`)}) from unnest(${sql.placeholder('created')}::uuid[]) as created(uuid))`);

async function stampAndAnnounce(db: Db, batch: Waiting[]): Promise<void> {
  const accounts = new Set(batch.flatMap(({ accountId }) => (accountId === null ? [] : [accountId])));
  await runPrepared(db, stampAndAnnounceStatement, { accounts: [...accounts], created: batch.map(({ uuid }) => uuid) });
}

const followUps = new WeakMap<Db, FollowUps>();

/** Stamps the new claim's receiving account (if any) and announces the claim; resolves once that statement has run. */
export function afterCreated(db: Db, uuid: string, accountId: number | null): Promise<void> {
  let instance = followUps.get(db);
  if (!instance) followUps.set(db, (instance = new FollowUps(db)));
  return instance.add(uuid, accountId);
}
