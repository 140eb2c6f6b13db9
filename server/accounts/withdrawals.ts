// Withdrawals of referral earnings. The debit is one conditional UPDATE of the balance row
// (`balance >= amount`), so any number of parallel requests can never take more than the balance.
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { OpsWithdrawal } from '../../src/api/schemas/ops.ts';
import { compare, isPositive, parseAmount, type Decimal } from '../../src/domain/money.ts';
import { requisiteProblem } from '../../src/domain/requisites.ts';
import { openSecret, sealSecret } from '../keys/atRest.ts';
import type { Db } from '../db/index.ts';
import { audited, type Actor } from '../backoffice/audit.ts';
import { referralBalances, referralMovements, withdrawals } from '../db/schema/referral.ts';
import { users, type UserRow } from '../db/schema/users.ts';
import { hasFieldErrors, refuse, refuseFields, type ErrorBody } from '../shared/errors.ts';
import type { PageRequest } from '../shared/paging.ts';
import { requisiteMessage } from '../claims/requisiteMessages.ts';
import { MIN_WITHDRAWAL, REFERRAL_DECIMALS } from './referralTerms.ts';

export type WithdrawalRow = typeof withdrawals.$inferSelect;

type CreateWithdrawalResult = { ok: true; withdrawal: WithdrawalRow } | { ok: false; reason: 'insufficient_balance' };

async function createWithdrawal(db: Db, userId: number, amount: Decimal, requisites: string): Promise<CreateWithdrawalResult> {
  return db.transaction(async (tx) => {
    const [debited] = await tx
      .update(referralBalances)
      .set({ balance: sql`${referralBalances.balance} - ${amount}::numeric`, updatedAt: new Date() })
      .where(and(eq(referralBalances.userId, userId), sql`${referralBalances.balance} >= ${amount}::numeric`))
      .returning({ balance: referralBalances.balance });
    if (!debited) return { ok: false, reason: 'insufficient_balance' } as const;
    const [withdrawal] = await tx.insert(withdrawals).values({ userId, amount, requisites: sealSecret(requisites) }).returning();
    if (!withdrawal) throw new Error('withdrawal insert returned nothing');
    await tx.insert(referralMovements).values({
      userId,
      kind: 'withdrawal',
      reason: 'withdrawal',
      amount,
      reference: String(withdrawal.id),
    });
    return { ok: true, withdrawal } as const;
  });
}

/** The partner asks to be paid `amount` (roubles) to `requisites`: an activated account, a sum within the balance. */
export async function requestWithdrawal(
  db: Db,
  user: UserRow,
  request: { amount: string; requisites: string },
): Promise<WithdrawalRow> {
  if (!user.activated) {
    refuse('forbidden', /*i18n*/ { id: 'accounts.withdrawal.notActivated', message: 'Activate your account first (see the e-mail we sent).' });
  }
  const errors: ErrorBody = {};
  const amount = parseAmount(request.amount);
  const decimals = amount?.split('.')[1]?.length ?? 0;
  if (amount === null || !isPositive(amount) || decimals > REFERRAL_DECIMALS) {
    errors.amount = [/*i18n*/ { id: 'accounts.withdrawal.amountInvalid', message: 'Enter an amount in roubles, e.g. 1500 or 1500.50.' }];
  } else if (compare(amount, MIN_WITHDRAWAL) < 0) {
    // The amount in the reader's digits; the unit is each language's own word for it (RUB, ₽).
    const minimum = { amount: MIN_WITHDRAWAL, unit: '' };
    errors.amount = [/*i18n*/ { id: 'accounts.withdrawal.belowMinimum', message: 'The minimum withdrawal is {minimum} RUB.', values: { minimum } }];
  }
  const requisites = request.requisites.trim();
  const problem = requisiteProblem('text', requisites);
  if (requisites.length < 5) {
    errors.requisites = [/*i18n*/ { id: 'accounts.withdrawal.requisitesMissing', message: 'Enter the card or wallet to pay to.' }];
  } else if (problem) {
    // Shown to operators: the same characters as any free-text requisite, no markup.
    errors.requisites = [requisiteMessage('text', problem, requisites)];
  }
  if (hasFieldErrors(errors) || amount === null) refuseFields(errors);
  const result = await createWithdrawal(db, user.id, amount, requisites);
  if (!result.ok) refuseFields({ amount: [/*i18n*/ { id: 'accounts.withdrawal.overBalance', message: 'The amount exceeds your balance.' }] });
  return result.withdrawal;
}

/** Operator: the money was sent. Only a pending withdrawal can be paid; returns false otherwise. */
export async function payWithdrawal(db: Db, id: number): Promise<boolean> {
  const rows = await db
    .update(withdrawals)
    .set({ status: 'paid', decidedAt: new Date() })
    .where(and(eq(withdrawals.id, id), eq(withdrawals.status, 'pending')))
    .returning({ id: withdrawals.id });
  return rows.length === 1;
}

/** Operator: refuses a pending withdrawal and returns its amount to the balance, in one transaction. */
export async function rejectWithdrawal(db: Db, id: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [rejected] = await tx
      .update(withdrawals)
      .set({ status: 'rejected', decidedAt: new Date() })
      .where(and(eq(withdrawals.id, id), eq(withdrawals.status, 'pending')))
      .returning();
    if (!rejected) return false;
    await tx
      .update(referralBalances)
      .set({ balance: sql`${referralBalances.balance} + ${rejected.amount}::numeric`, updatedAt: new Date() })
      .where(eq(referralBalances.userId, rejected.userId));
    await tx.insert(referralMovements).values({
      userId: rejected.userId,
      kind: 'deposit',
      reason: 'withdrawal_returned',
      amount: rejected.amount,
      reference: String(rejected.id),
      sourceKey: `withdrawal-returned:${rejected.id}`,
    });
    return true;
  });
}

/** The operator's decision on a pending withdrawal, audited as `withdrawal.pay` or `.reject`; false when none is pending. */
export async function decideWithdrawal(db: Db, actor: Actor, id: number, decision: 'pay' | 'reject'): Promise<boolean> {
  return audited(db, actor, async (tx) => {
    const done = decision === 'pay' ? await payWithdrawal(tx, id) : await rejectWithdrawal(tx, id);
    const status = decision === 'pay' ? 'paid' : 'rejected';
    return {
      result: done,
      audit: done ? { action: `withdrawal.${decision}`, target: `withdrawal:${id}`, before: { status: 'pending' }, after: { status } } : null,
    };
  });
}

/** The console's list: one page of the withdrawals in a status, newest first, requisites opened, and how many in all. */
export async function listWithdrawals(
  db: Db,
  status: WithdrawalRow['status'],
  page: PageRequest,
): Promise<{ count: number; rows: OpsWithdrawal[] }> {
  const where = eq(withdrawals.status, status);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: withdrawals.id,
        email: users.email,
        amount: withdrawals.amount,
        requisites: withdrawals.requisites,
        status: withdrawals.status,
        createdAt: withdrawals.createdAt,
      })
      .from(withdrawals)
      .innerJoin(users, eq(users.id, withdrawals.userId))
      .where(where)
      .orderBy(desc(withdrawals.createdAt))
      .limit(page.size)
      .offset(page.offset),
    db.select({ value: count() }).from(withdrawals).where(where),
  ]);
  return {
    count: total?.value ?? 0,
    rows: rows.map((row) => ({ ...row, requisites: openSecret(row.requisites), createdAt: row.createdAt.toISOString() })),
  };
}
