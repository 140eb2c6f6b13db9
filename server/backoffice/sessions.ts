// Operator sign-in (password + TOTP code) and the sessions it opens: stored in PostgreSQL (any instance sees
// them, revoking is one UPDATE), ended after a short idle time.
import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import { burnPasswordCheck, passwordMatches } from '../auth/password.ts';
import { newOpaqueToken, tokenHash } from '../auth/secureToken.ts';
import type { Db } from '../db/index.ts';
import { operators, operatorSessions } from '../db/schema/operators.ts';
import { openSecret } from '../keys/atRest.ts';
import type { OperatorRole } from '../../src/domain/operatorRoles.ts';
import { writeAudit, type Actor } from './audit.ts';
import { normaliseEmail } from './operators.ts';
import { matchingStep } from './totp.ts';

/** However busy, a session ends this long after sign-in (a working day). */
export const SESSION_MAX_SECONDS = 12 * 60 * 60;

/** Why a sign-in was refused; the API answers every one with the same message (nothing to learn from it). */
export type SignInRefusal = 'credentials' | 'code' | 'replayed' | 'disabled';

/** The operator behind a session: who acts (for the audit log) and what the role lets them change. */
export interface SessionOperator extends Actor {
  role: OperatorRole;
}

export type SignInOutcome = { ok: true; token: string; operator: SessionOperator } | { ok: false; refusal: SignInRefusal };

export async function signIn(db: Db, email: string, password: string, code: string, at = Date.now()): Promise<SignInOutcome> {
  const address = normaliseEmail(email);
  const [operator] = await db.select().from(operators).where(eq(operators.email, address));
  if (!operator) {
    await burnPasswordCheck(password);
    return { ok: false, refusal: 'credentials' };
  }
  if (!(await passwordMatches(operator.passwordHash, password))) return { ok: false, refusal: 'credentials' };
  if (operator.disabled) return { ok: false, refusal: 'disabled' };
  const step = matchingStep(openSecret(operator.totpSecret), code.trim(), at);
  if (step === null) return { ok: false, refusal: 'code' };
  const token = newOpaqueToken();
  const actor: SessionOperator = { operatorId: operator.id, email: operator.email, role: operator.role };
  const accepted = await db.transaction(async (tx) => {
    // Taking the step atomically makes a code single-use even when two sign-ins race with it.
    const taken = await tx
      .update(operators)
      .set({ totpLastStep: step, lastSignInAt: new Date(at) })
      .where(
        and(
          eq(operators.id, operator.id),
          eq(operators.disabled, false),
          or(isNull(operators.totpLastStep), lt(operators.totpLastStep, step)),
        ),
      )
      .returning({ id: operators.id });
    if (taken.length === 0) return false;
    await tx.insert(operatorSessions).values({ tokenHash: tokenHash(token), operatorId: operator.id });
    await writeAudit(tx, actor, { action: 'operator.sign_in', target: operator.email });
    return true;
  });
  return accepted ? { ok: true, token, operator: actor } : { ok: false, refusal: 'replayed' };
}

/**
 * The operator of a live session, its last-seen time moved to now; null when the token is unknown, revoked,
 * idle for longer than `idleSeconds`, older than SESSION_MAX_SECONDS, or its operator is disabled.
 */
export async function sessionOperator(db: Db, token: string, idleSeconds: number): Promise<SessionOperator | null> {
  const [row] = await db
    .update(operatorSessions)
    .set({ lastSeenAt: sql`now()` })
    .from(operators)
    .where(
      and(
        eq(operatorSessions.tokenHash, tokenHash(token)),
        isNull(operatorSessions.revokedAt),
        gt(operatorSessions.lastSeenAt, sql`now() - make_interval(secs => ${idleSeconds})`),
        gt(operatorSessions.createdAt, sql`now() - make_interval(secs => ${SESSION_MAX_SECONDS})`),
        eq(operators.id, operatorSessions.operatorId),
        eq(operators.disabled, false),
      ),
    )
    .returning({ operatorId: operators.id, email: operators.email, role: operators.role });
  return row ? { operatorId: row.operatorId, email: row.email, role: row.role } : null;
}

export async function signOut(db: Db, token: string, actor: Actor): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(operatorSessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(operatorSessions.tokenHash, tokenHash(token)), isNull(operatorSessions.revokedAt)));
    await writeAudit(tx, actor, { action: 'operator.sign_out', target: actor.email });
  });
}
