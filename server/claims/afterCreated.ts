// What follows a claim's commit: the consoles' live queues hear of it (events/notify.ts, in a statement of its own).
// The notice does not ride the creating commit: PostgreSQL serializes the commits of all notifying transactions on
// one lock held through the WAL flush, so every creation would wait on the others' flushes. It is a hint, so its
// statement does not wait for its own flush, and the claim's answer does not wait for it: a crash or a failed
// statement may lose a notice (logged), never a claim. (Which receiving account was given last is read from the
// claims themselves: payments/receivingAccountUse.ts.)
//
// The notices of one instance are gathered: at most one statement runs at a time and one starts every GATHER_MS, for
// all the claims created meanwhile. A lone claim is announced at once; under load the notices cost a few statements a
// second, not one per claim. The consoles gather what they hear for longer than that anyway (events/hub.ts).
import { sql } from 'drizzle-orm';
import type { Db } from '../db/index.ts';
import { prepareStatement, runPrepared } from '../db/prepared.ts';
import { log } from '../log.ts';
import { claimChangedNotice } from './events/notify.ts';

const GATHER_MS = 50;

class Announcements {
  private readonly db: Db;
  private waiting: string[] = [];
  /** A statement is planned or running: new claims wait for it to send the next one. */
  private planned = false;
  private lastSentAt = Number.NEGATIVE_INFINITY;

  constructor(db: Db) {
    this.db = db;
  }

  add(uuid: string): void {
    this.waiting.push(uuid);
    if (!this.planned) this.plan();
  }

  private plan(): void {
    this.planned = true;
    setTimeout(() => void this.send(), Math.max(0, this.lastSentAt + GATHER_MS - performance.now()));
  }

  private async send(): Promise<void> {
    const created = this.waiting;
    this.waiting = [];
    this.lastSentAt = performance.now();
    try {
      await runPrepared(this.db, announceStatement, { created });
    } catch (error) {
      log.warn(`${created.length} new claims were not announced: ${String(error)}`);
    }
    this.planned = false;
    if (this.waiting.length > 0) this.plan();
  }
}

/** Announces the gathered claims, without waiting for the WAL flush of its own commit. */
const announceStatement = prepareStatement('claims_after_created', sql`
    select set_config('synchronous_commit', 'off', true),
      (select count(${claimChangedNotice(sql`created.uuid`)}) from unnest(${sql.placeholder('created')}::uuid[]) as created(uuid))`);

const announcements = new WeakMap<Db, Announcements>();

/** Announces the new claim to every instance's listeners, soon after (GATHER_MS at most); answers at once. */
export function afterCreated(db: Db, uuid: string): void {
  let instance = announcements.get(db);
  if (!instance) announcements.set(db, (instance = new Announcements(db)));
  instance.add(uuid);
}
