// Who runs a CLI command that changes something: `--as <email>` or OPS_AS names an active operator, and the audit
// row names that operator. Read-only commands never ask, so they need no identity.
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/index.ts';
import { operators } from '../db/schema/operators.ts';
import { CLI_ACTOR, type Actor } from '../backoffice/audit.ts';
import { normaliseEmail } from '../backoffice/operators.ts';

export class IdentityError extends Error {}

export interface IdentityContext {
  db: Db;
  /** The operator's e-mail, from `--as` or OPS_AS. */
  operator?: string;
}

async function activeOperator(db: Db, email: string): Promise<Actor | null> {
  const [row] = await db
    .select({ id: operators.id, email: operators.email })
    .from(operators)
    .where(and(eq(operators.email, normaliseEmail(email)), eq(operators.disabled, false)));
  return row ? { operatorId: row.id, email: row.email } : null;
}

/**
 * The operator a change is audited under; throws IdentityError (before anything changed) when none is named or the
 * name is not an active operator. `bootstrap`: the very first operator may be created while there is none to name.
 */
export async function actingOperator(ctx: IdentityContext, { bootstrap = false } = {}): Promise<Actor> {
  const email = ctx.operator?.trim();
  if (!email) {
    if (bootstrap) {
      const [any] = await ctx.db.select({ id: operators.id }).from(operators).where(eq(operators.disabled, false)).limit(1);
      if (!any) return CLI_ACTOR;
    }
    throw new IdentityError('this command changes something: name yourself with --as <operator e-mail> (or OPS_AS)');
  }
  const actor = await activeOperator(ctx.db, email);
  if (!actor) throw new IdentityError(`${email} is not an active operator: --as names one (operators list)`);
  return actor;
}
