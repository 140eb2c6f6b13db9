// Four eyes: a change to where clients send money (receiving accounts, address pools) or to a formula is proposed
// by one admin and applied only when a second admin approves it. Proposing tries the change in a transaction that
// is rolled back (so a bad number or formula is refused at once, with the usual errors) and stores it; approving
// applies it in one transaction with its audit rows, under a row lock so a change approved twice applies once.
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/index.ts';
import { operators } from '../db/schema/operators.ts';
import { pendingChanges, type PendingChangeRow } from '../db/schema/pendingChanges.ts';
import { sendMail, type MailSettings } from '../mail/send.ts';
import { getCatalog, type Catalog } from '../catalogue/catalog.ts';
import { loadRatesConfig } from '../rates/config.ts';
import { removeDirectionFormula, setDirectionFormula, type FormulaSettings } from '../rates/operator.ts';
import { importAddressesAs, type ImportOutcome } from '../payments/addressPool.ts';
import { writeAudit, type Actor } from './audit.ts';
import { changeAppliedMail } from './changeMail.ts';
import { addAccountAs, disableAccountAs, type AddAccountOutcome, type NewAccount } from '../payments/receivingAccounts.ts';

interface Kinds {
  'account.add': { payload: NewAccount; result: AddAccountOutcome };
  'account.disable': { payload: { id: number }; result: { wasActive: boolean } | null };
  'addresses.import': { payload: { code: string; addresses: string }; result: ImportOutcome };
  'formula.set': { payload: { directionId: number; settings: FormulaSettings }; result: { course: string; verificationCourse: string | null } };
  'formula.remove': { payload: { directionId: number }; result: boolean };
}
export type ChangeKind = keyof Kinds;

interface Applied<R> {
  /** False: the change cannot be made (a refusal the caller explains from `result`); nothing was written. */
  applied: boolean;
  result: R;
}

/** Makes the change as `actor` (its own audit row included) on `db`, which is always a transaction here. */
const APPLY: { [K in ChangeKind]: (db: Db, actor: Actor, payload: Kinds[K]['payload'], catalog: Catalog) => Promise<Applied<Kinds[K]['result']>> } = {
  'account.add': async (db, actor, account, catalog) => {
    const result = await addAccountAs(db, actor, account, catalog);
    return { applied: result.ok, result };
  },
  'account.disable': async (db, actor, { id }) => {
    const result = await disableAccountAs(db, actor, id);
    return { applied: result?.wasActive === true, result };
  },
  'addresses.import': async (db, actor, { code, addresses }, catalog) => {
    const result = await importAddressesAs(db, actor, code, addresses, catalog);
    return { applied: result.ok, result };
  },
  'formula.set': async (db, actor, { directionId, settings }) => {
    const computed = await setDirectionFormula(db, actor, loadRatesConfig(), directionId, settings);
    return { applied: true, result: { course: computed.course, verificationCourse: computed.verificationCourse ?? null } };
  },
  'formula.remove': async (db, actor, { directionId }) => {
    const result = await removeDirectionFormula(db, actor, directionId);
    return { applied: result, result };
  },
};

/** Carries a value out of a transaction that must not commit. */
class RolledBack<T> extends Error {
  readonly value: T;
  constructor(value: T) {
    super('rolled back on purpose');
    this.value = value;
  }
}

async function thenRollBack<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  try {
    await db.transaction(async (tx) => {
      throw new RolledBack(await work(tx as unknown as Db));
    });
  } catch (error) {
    if (error instanceof RolledBack) return error.value as T;
    throw error;
  }
  throw new Error('unreachable');
}

export interface ChangeSummary {
  /** What it changes, as the audit log names it. */
  target: string;
  before: unknown;
  after: unknown;
}

export type Proposal<R> = { proposed: true; id: number; result: R } | { proposed: false; result: R };

/**
 * Tries the change (rolled back) and, when it would apply, stores it for a second admin with its audit row.
 * `summary` describes it for the approver from what the trial answered.
 */
export async function proposeChange<K extends ChangeKind>(
  db: Db,
  actor: Actor,
  kind: K,
  payload: Kinds[K]['payload'],
  summary: (result: Kinds[K]['result']) => ChangeSummary,
): Promise<Proposal<Kinds[K]['result']>> {
  const catalog = await getCatalog(db);
  const trial = await thenRollBack(db, (tx) => APPLY[kind](tx, actor, payload, catalog));
  if (!trial.applied) return { proposed: false, result: trial.result };
  const { target, before, after } = summary(trial.result);
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(pendingChanges)
      .values({ kind, target, payload, before, after, proposedBy: actor.operatorId, proposedByEmail: actor.email })
      .returning({ id: pendingChanges.id });
    await writeAudit(tx, actor, { action: 'change.propose', target: `change #${row!.id}`, after: { kind, target, before, after } });
    return row!.id;
  });
  return { proposed: true, id, result: trial.result };
}

export type Decision =
  | { done: true; change: PendingChangeRow }
  | { done: false; reason: 'not_found' | 'decided' | 'own' | 'not_admin' }
  | { done: false; reason: 'stale'; result: unknown };

/** The active admin of this e-mail as an actor (the CLI's `--as`), or null. */
export async function activeAdmin(db: Db, email: string): Promise<Actor | null> {
  const [row] = await db
    .select({ id: operators.id, email: operators.email })
    .from(operators)
    .where(and(eq(operators.email, email.trim().toLowerCase()), eq(operators.role, 'admin'), eq(operators.disabled, false)));
  return row ? { operatorId: row.id, email: row.email } : null;
}

async function isActiveAdmin(db: Db, actor: Actor): Promise<boolean> {
  if (actor.operatorId === null) return false;
  const [row] = await db
    .select({ id: operators.id })
    .from(operators)
    .where(and(eq(operators.id, actor.operatorId), eq(operators.role, 'admin'), eq(operators.disabled, false)));
  return row !== undefined;
}

/** The open change, locked for this transaction; a reason when it cannot be decided by `decider`. */
async function lockOpen(tx: Db, decider: Actor, id: number, approving: boolean) {
  const [row] = await tx.select().from(pendingChanges).where(eq(pendingChanges.id, id)).for('update');
  if (!row) return { reason: 'not_found' as const };
  if (row.decision !== null) return { reason: 'decided' as const };
  if (approving && (row.proposedBy === decider.operatorId || row.proposedByEmail === decider.email)) return { reason: 'own' as const };
  if (!(await isActiveAdmin(tx, decider))) return { reason: 'not_admin' as const };
  return { row };
}

async function decide(tx: Db, decider: Actor, row: PendingChangeRow, decision: 'approved' | 'rejected'): Promise<PendingChangeRow> {
  const [decided] = await tx
    .update(pendingChanges)
    .set({ decision, decidedBy: decider.operatorId, decidedByEmail: decider.email, decidedAt: sql`now()` })
    .where(and(eq(pendingChanges.id, row.id), isNull(pendingChanges.decision)))
    .returning();
  await writeAudit(tx, decider, {
    action: decision === 'approved' ? 'change.approve' : 'change.reject',
    target: `change #${row.id}`,
    before: row.before,
    after: { kind: row.kind, target: row.target, proposedBy: row.proposedByEmail, change: row.after },
  });
  return decided!;
}

/**
 * A second admin approves: the change is applied as its proposer wrote it, and marked approved, in one transaction
 * with the audit rows of both; then every active operator is told by mail. A change that can no longer be made
 * (the account exists by now...) stays pending, nothing written.
 */
export async function approveChange(db: Db, approver: Actor, id: number, mail: MailSettings): Promise<Decision> {
  const catalog = await getCatalog(db);
  const outcome = await thenRollBackUnless<Decision>(db, async (tx) => {
    const locked = await lockOpen(tx, approver, id, true);
    if (!locked.row) return { commit: false, value: { done: false, reason: locked.reason } satisfies Decision };
    const { row } = locked;
    const proposer: Actor = { operatorId: row.proposedBy, email: row.proposedByEmail };
    const apply = APPLY[row.kind as ChangeKind] as (db: Db, actor: Actor, payload: unknown, catalog: Catalog) => Promise<Applied<unknown>>;
    const applied = await apply(tx, proposer, row.payload, catalog);
    if (!applied.applied) return { commit: false, value: { done: false, reason: 'stale', result: applied.result } satisfies Decision };
    return { commit: true, value: { done: true, change: await decide(tx, approver, row, 'approved') } satisfies Decision };
  });
  if (outcome.done) await mailOperators(db, mail, outcome.change);
  return outcome;
}

/** An admin (the proposer too: withdrawing it) rejects: nothing is applied; the rejection is audited. */
export async function rejectChange(db: Db, decider: Actor, id: number): Promise<Decision> {
  return db.transaction(async (tx) => {
    const locked = await lockOpen(tx as unknown as Db, decider, id, false);
    if (!locked.row) return { done: false, reason: locked.reason };
    return { done: true, change: await decide(tx as unknown as Db, decider, locked.row, 'rejected') };
  });
}

/** Runs `work` in a transaction that commits only when it says so. */
async function thenRollBackUnless<T>(db: Db, work: (tx: Db) => Promise<{ commit: boolean; value: T }>): Promise<T> {
  try {
    return await db.transaction(async (tx) => {
      const { commit, value } = await work(tx as unknown as Db);
      if (!commit) throw new RolledBack(value);
      return value;
    });
  } catch (error) {
    if (error instanceof RolledBack) return error.value as T;
    throw error;
  }
}

/** Open changes first (oldest first: the queue), then the last decided ones. */
export async function listChanges(db: Db, { decided }: { decided: boolean }): Promise<PendingChangeRow[]> {
  if (!decided) return db.select().from(pendingChanges).where(isNull(pendingChanges.decision)).orderBy(pendingChanges.proposedAt);
  return db
    .select()
    .from(pendingChanges)
    .where(sql`${pendingChanges.decision} is not null`)
    .orderBy(desc(pendingChanges.decidedAt))
    .limit(50);
}

/** Every active operator learns that where clients pay (or a formula) changed, and who approved it. */
async function mailOperators(db: Db, settings: MailSettings, change: PendingChangeRow): Promise<void> {
  const recipients = await db.select({ email: operators.email }).from(operators).where(eq(operators.disabled, false));
  for (const { email } of recipients) await sendMail(settings, changeAppliedMail(change, email));
}
