// Operator accounts, managed from the CLI: create (with TOTP enrolment), list, disable, reset the second factor.
import { and, asc, eq } from 'drizzle-orm';
import type { OperatorRole } from '../../src/domain/operatorRoles.ts';
import { hashPassword, passwordStrongEnough } from '../auth/password.ts';
import type { Db } from '../db/index.ts';
import { operators, operatorSessions } from '../db/schema/operators.ts';
import { sealSecret } from '../keys/atRest.ts';
import { audited, type Actor } from './audit.ts';
import { enrolmentUri, newTotpSecret } from './totp.ts';

export class OperatorError extends Error {}

export interface Enrolment {
  email: string;
  secret: string;
  uri: string;
}

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

function checkEmail(email: string): string {
  const normalised = normaliseEmail(email);
  if (!/^[^\s@]+@[^\s@]+$/.test(normalised) || normalised.length > 254) throw new OperatorError(`not an e-mail: ${email}`);
  return normalised;
}

export async function createOperator(
  db: Db,
  actor: Actor,
  email: string,
  password: string,
  role: OperatorRole = 'admin',
): Promise<Enrolment> {
  const address = checkEmail(email);
  if (!passwordStrongEnough(password))
    throw new OperatorError('the password needs 8–128 characters with at least one letter and one digit');
  const secret = newTotpSecret();
  const passwordHash = await hashPassword(password);
  const created = await audited(db, actor, async (tx) => {
    const rows = await tx
      .insert(operators)
      .values({ email: address, passwordHash, totpSecret: sealSecret(secret), role })
      .onConflictDoNothing({ target: operators.email })
      .returning({ id: operators.id });
    return {
      result: rows.length === 1,
      audit: rows.length === 1 ? { action: 'operator.create', target: address, after: { email: address, role } } : null,
    };
  });
  if (!created) throw new OperatorError(`operator ${address} already exists`);
  return { email: address, secret, uri: enrolmentUri(secret, address) };
}

export interface OperatorSummary {
  email: string;
  role: OperatorRole;
  disabled: boolean;
  createdAt: Date;
  lastSignInAt: Date | null;
}

export async function listOperators(db: Db): Promise<OperatorSummary[]> {
  return db
    .select({
      email: operators.email,
      role: operators.role,
      disabled: operators.disabled,
      createdAt: operators.createdAt,
      lastSignInAt: operators.lastSignInAt,
    })
    .from(operators)
    .orderBy(asc(operators.email));
}

/**
 * Refuses (OperatorError) when `address` is the last active admin: without one nobody could manage operators or
 * approve a pending change. Locks every active admin's row so two demotions racing cannot both pass.
 */
async function keepAnAdmin(tx: Db, address: string): Promise<void> {
  const admins = await tx
    .select({ email: operators.email })
    .from(operators)
    .where(and(eq(operators.role, 'admin'), eq(operators.disabled, false)))
    .for('update');
  if (admins.length === 1 && admins[0]?.email === address) throw new OperatorError(`${address} is the last active admin`);
}

/** Disables the account and ends its sessions at once. False when there is no such operator. */
export async function disableOperator(db: Db, actor: Actor, email: string): Promise<boolean> {
  const address = normaliseEmail(email);
  return audited(db, actor, async (tx) => {
    await keepAnAdmin(tx, address);
    const [row] = await tx
      .update(operators)
      .set({ disabled: true })
      .where(eq(operators.email, address))
      .returning({ id: operators.id });
    if (!row) return { result: false, audit: null };
    await tx.update(operatorSessions).set({ revokedAt: new Date() }).where(eq(operatorSessions.operatorId, row.id));
    return {
      result: true,
      audit: { action: 'operator.disable', target: address, before: { disabled: false }, after: { disabled: true } },
    };
  });
}

/** A new TOTP secret (the old authenticator stops working) and the operator's sessions ended. */
export async function resetTwoFactor(db: Db, actor: Actor, email: string): Promise<Enrolment | null> {
  const address = normaliseEmail(email);
  const secret = newTotpSecret();
  const done = await audited(db, actor, async (tx) => {
    const [row] = await tx
      .update(operators)
      .set({ totpSecret: sealSecret(secret), totpLastStep: null })
      .where(eq(operators.email, address))
      .returning({ id: operators.id });
    if (!row) return { result: false, audit: null };
    await tx.update(operatorSessions).set({ revokedAt: new Date() }).where(eq(operatorSessions.operatorId, row.id));
    return { result: true, audit: { action: 'operator.reset_2fa', target: address } };
  });
  return done ? { email: address, secret, uri: enrolmentUri(secret, address) } : null;
}

/** Gives the operator another role (the last active admin keeps theirs). False when there is no such operator. */
export async function setOperatorRole(db: Db, actor: Actor, email: string, role: OperatorRole): Promise<boolean> {
  const address = normaliseEmail(email);
  return audited(db, actor, async (tx) => {
    const [current] = await tx.select({ role: operators.role }).from(operators).where(eq(operators.email, address));
    if (!current) return { result: false, audit: null };
    if (current.role === role) return { result: true, audit: null };
    if (current.role === 'admin') await keepAnAdmin(tx, address);
    await tx.update(operators).set({ role }).where(eq(operators.email, address));
    return { result: true, audit: { action: 'operator.role', target: address, before: { role: current.role }, after: { role } } };
  });
}
