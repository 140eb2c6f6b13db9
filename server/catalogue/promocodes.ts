// Promo codes an operator issues (CLI and console): the list, and a new code with its percent, uses, owner
// and lifetime, audited under the operator who issues it.
import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/index.ts';
import { audited, type Actor } from '../backoffice/audit.ts';
import { promocodes } from '../db/schema/promocodes.ts';
import { users } from '../db/schema/users.ts';
import { compare } from '../../src/domain/money.ts';

export const PROMOCODE_PATTERN = /^[A-Za-z0-9_-]{3,64}$/;

/** A promo code adds at most this percent to the course: 50 typed for 0.5 would pay out half as much again. */
export const PROMOCODE_MAX_PERCENT = '20';

export function listPromocodes(db: Db) {
  return db
    .select({
      code: promocodes.code,
      percent: promocodes.percent,
      usesTotal: promocodes.usesTotal,
      usesLeft: promocodes.usesLeft,
      userId: promocodes.userId,
      email: users.email,
      expiresAt: promocodes.expiresAt,
    })
    .from(promocodes)
    .leftJoin(users, eq(users.id, promocodes.userId))
    .orderBy(asc(promocodes.code));
}

export interface NewPromocode {
  code: string;
  percent: string;
  uses: number;
  /** The account the code is issued to, by e-mail; null for a public code. */
  email: string | null;
  days: number | null;
}

export type PromocodeOutcome = { ok: true; code: string } | { ok: false; reason: 'exists' | 'no_user' | 'percent' };

/** Issues a code, audited as `promocode.create` with what was asked; refused (nothing written) as the outcome says. */
export async function createPromocode(db: Db, actor: Actor, input: NewPromocode): Promise<PromocodeOutcome> {
  return audited(db, actor, async (tx) => {
    const result = await insertPromocode(tx, input);
    const { percent, uses, email, days } = input;
    return { result, audit: result.ok ? { action: 'promocode.create', target: result.code, after: { percent, uses, email, days } } : null };
  });
}

async function insertPromocode(db: Db, input: NewPromocode): Promise<PromocodeOutcome> {
  if (compare(input.percent, '0') <= 0 || compare(input.percent, PROMOCODE_MAX_PERCENT) > 0) return { ok: false, reason: 'percent' };
  let userId: number | null = null;
  if (input.email) {
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, input.email.trim().toLowerCase()));
    if (!user) return { ok: false, reason: 'no_user' };
    userId = user.id;
  }
  const code = input.code.toUpperCase();
  const inserted = await db
    .insert(promocodes)
    .values({
      code,
      percent: input.percent,
      usesTotal: input.uses,
      usesLeft: input.uses,
      userId,
      // By the database's clock, which judges the code's use too.
      expiresAt: input.days === null ? null : sql`now() + make_interval(days => ${input.days})`,
    })
    .onConflictDoNothing({ target: promocodes.code })
    .returning({ id: promocodes.id });
  return inserted.length === 1 ? { ok: true, code } : { ok: false, reason: 'exists' };
}
