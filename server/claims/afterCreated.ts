// What follows a claim's commit, in a statement of its own: the consoles' live queues hear of the claim
// (events/notify.ts). The notice does not ride the creating commit: PostgreSQL serializes the commits of all
// notifying transactions on one lock held through the WAL flush, so every creation would wait on the others'
// flushes. It is a hint, so its statement does not wait for its own flush: a crash may lose a notice, never a claim.
// (Which receiving account was given last is read from the claims themselves: payments/receivingAccountUse.ts.)
//
// The notices of one instance are coalesced the way PostgreSQL groups commits: one statement at a time, and the
// claims created while it runs share the next one. A lone claim waits for nothing extra; under load a claim costs
// a share of one statement.
import { sql } from 'drizzle-orm';
import type { Db } from '../db/index.ts';
import { prepareStatement, runPrepared } from '../db/prepared.ts';
import { claimChangedNotice } from './events/notify.ts';

interface Waiting {
  uuid: string;
  settle: (error?: unknown) => void;
}

class Announcements {
  private readonly waiting: Waiting[] = [];
  private running = false;
  private readonly db: Db;

  constructor(db: Db) {
    this.db = db;
  }

  add(uuid: string): Promise<void> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ uuid, settle: (error) => (error === undefined ? resolve() : reject(error)) });
      if (!this.running) void this.drain();
    });
  }

  private async drain(): Promise<void> {
    this.running = true;
    while (this.waiting.length > 0) {
      const batch = this.waiting.splice(0);
      try {
        await runPrepared(this.db, announceStatement, { created: batch.map(({ uuid }) => uuid) });
        for (const { settle } of batch) settle();
      } catch (error) {
        for (const { settle } of batch) settle(error ?? new Error('claim announcement failed'));
      }
    }
    this.running = false;
  }
}

/** Announces the batch's claims, without waiting for the WAL flush of its own commit. */
const announceStatement = prepareStatement('claims_after_created', sql`
    select set_config('synchronous_commit', 'off', true),
      (select count(${claimChangedNotice(sql`created.uuid`)}) from unnest(${sql.placeholder('created')}::uuid[]) as created(uuid))`);

const announcements = new WeakMap<Db, Announcements>();

/** Announces the new claim to every instance's listeners; resolves once that statement has run. */
export function afterCreated(db: Db, uuid: string): Promise<void> {
  let instance = announcements.get(db);
  if (!instance) announcements.set(db, (instance = new Announcements(db)));
  return instance.add(uuid);
}
