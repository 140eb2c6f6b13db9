// The audit log: every operator change writes its row in the same transaction as the change itself.
import { and, count, desc, eq, gte, ilike, lt } from 'drizzle-orm';
import type { OpsAuditRow } from '../../src/api/schemas/ops.ts';
import type { Db } from '../db/index.ts';
import { auditLog } from '../db/schema/operators.ts';
import type { PageRequest } from '../shared/paging.ts';

/** Who acts: a signed-in operator, or the CLI (operatorId null). */
export interface Actor {
  operatorId: number | null;
  email: string;
}

export const CLI_ACTOR: Actor = { operatorId: null, email: 'cli' };

export interface AuditEntry {
  action: string;
  target: string;
  before?: unknown;
  after?: unknown;
}

type Transaction = Parameters<Parameters<Db['transaction']>[0]>[0];

export async function writeAudit(executor: Db | Transaction, actor: Actor, entry: AuditEntry): Promise<void> {
  await executor.insert(auditLog).values({
    operatorId: actor.operatorId,
    actor: actor.email,
    action: entry.action,
    target: entry.target,
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}

/**
 * Runs `change` in a transaction and writes the audit row it returns in that same transaction, so a change is
 * never committed without its row (nor a row without its change). `change` returns null when nothing changed:
 * then no row is written and its value is still answered.
 */
export async function audited<T>(
  db: Db,
  actor: Actor,
  change: (tx: Db) => Promise<{ result: T; audit: AuditEntry | null }>,
): Promise<T> {
  return db.transaction(async (tx) => {
    // Drizzle's transaction object has the database's whole query API (a nested transaction() is a savepoint);
    // only the pool handle `$client` is absent, and no service uses it. So the services join this transaction.
    const { result, audit } = await change(tx as unknown as Db);
    if (audit) await writeAudit(tx, actor, audit);
    return result;
  });
}

/** What the console filters the log by: an exact action and target, part of the actor's e-mail, whole UTC days. */
export interface AuditFilter {
  action?: string;
  actor?: string;
  target?: string;
  /** YYYY-MM-DD, both days included. */
  date_from?: string;
  date_to?: string;
}

const DAY_MS = 86_400_000;

/** One page of the log, newest first, and how many rows match in all. */
export async function auditPage(db: Db, filter: AuditFilter, page: PageRequest): Promise<{ count: number; rows: OpsAuditRow[] }> {
  const where = and(
    filter.action ? eq(auditLog.action, filter.action) : undefined,
    filter.actor ? ilike(auditLog.actor, `%${filter.actor.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`) : undefined,
    filter.target ? eq(auditLog.target, filter.target) : undefined,
    filter.date_from ? gte(auditLog.at, new Date(`${filter.date_from}T00:00:00Z`)) : undefined,
    filter.date_to ? lt(auditLog.at, new Date(new Date(`${filter.date_to}T00:00:00Z`).getTime() + DAY_MS)) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db.select().from(auditLog).where(where).orderBy(desc(auditLog.id)).limit(page.size).offset(page.offset),
    db.select({ value: count() }).from(auditLog).where(where),
  ]);
  return {
    count: total?.value ?? 0,
    rows: rows.map((row) => ({
      id: row.id,
      at: row.at.toISOString(),
      actor: row.actor,
      action: row.action,
      target: row.target,
      before: row.before,
      after: row.after,
    })),
  };
}
