// The audit log: every operator change writes its row in the same transaction as the change itself.
import type { Db } from '../db/index.ts';
import { auditLog } from '../db/schema/operators.ts';

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
