// The operator's side of the exchanger's receiving accounts (cards, SBP phones, e-money wallets): adding one to a
// currency (checked with that currency's rule), listing them, switching one off for new claims.
import { asc, eq, sql } from 'drizzle-orm';
import {
  normalizeRequisite,
  requisiteProblem,
  type RequisiteCheck,
  type RequisiteProblem,
} from '../../src/domain/requisites.ts';
import type { Db } from '../db/index.ts';
import { audited, type Actor } from '../backoffice/audit.ts';
import { currencies } from '../db/schema/calculator.ts';
import { receivingAccounts } from '../db/schema/receivingAccounts.ts';
import { getCatalog, type Catalog } from '../catalogue/catalog.ts';
import { accountFieldOf, paymentRouteOf, type AccountCheck } from './paymentRoute.ts';
import { lastGivenSql } from './receivingAccountUse.ts';

export interface AccountLine {
  id: number;
  code: string;
  check: AccountCheck | null;
  number: string;
  holder: string | null;
  bank: string | null;
  active: boolean;
  /** When a claim was last given this account (its newest claim), null when none ever was. */
  lastUsedAt: Date | null;
}

export async function accountLines(db: Db): Promise<AccountLine[]> {
  const catalog = await getCatalog(db);
  const rows = await db
    .select({
      account: receivingAccounts,
      code: currencies.code,
      lastUsedAt: lastGivenSql(sql`${receivingAccounts.id}`).mapWith(receivingAccounts.createdAt),
    })
    .from(receivingAccounts)
    .innerJoin(currencies, eq(currencies.id, receivingAccounts.currencyId))
    .orderBy(asc(currencies.sort), asc(receivingAccounts.id));
  return rows.map(({ account, code, lastUsedAt }) => ({
    id: account.id,
    code,
    check: accountFieldOf(catalog, account.currencyId)?.check ?? null,
    number: account.number,
    holder: account.holder,
    bank: account.bank,
    active: account.active,
    lastUsedAt,
  }));
}

export interface NewAccount {
  code: string;
  number: string;
  holder: string | null;
  bank: string | null;
}

export type AddAccountOutcome =
  | { ok: true; line: AccountLine }
  | { ok: false; reason: 'unknown_currency' | 'not_account_currency' | 'duplicate' }
  | {
      ok: false;
      reason: 'invalid';
      field: 'number' | 'holder' | 'bank';
      check: RequisiteCheck;
      problem: RequisiteProblem;
    };

/** A holder's or bank's name follows the same rules as a client's (letters, ordinary punctuation). */
function textProblem(check: 'name' | 'text', value: string | null): RequisiteProblem | null {
  return value === null ? null : requisiteProblem(check, value);
}

export async function addAccount(db: Db, catalog: Catalog, account: NewAccount): Promise<AddAccountOutcome> {
  const [currency] = await db
    .select({ id: currencies.id, kind: currencies.kind })
    .from(currencies)
    .where(eq(currencies.code, account.code.toUpperCase()));
  if (!currency) return { ok: false, reason: 'unknown_currency' };
  const field = paymentRouteOf(currency) === 'receiving_account' ? accountFieldOf(catalog, currency.id) : null;
  if (field === null) return { ok: false, reason: 'not_account_currency' };
  const numberProblem = requisiteProblem(field.check, account.number);
  if (numberProblem !== null)
    return { ok: false, reason: 'invalid', field: 'number', check: field.check, problem: numberProblem };
  const holder = account.holder?.trim() || null;
  const bank = account.bank?.trim() || null;
  const holderProblem = textProblem('name', holder);
  if (holderProblem !== null)
    return { ok: false, reason: 'invalid', field: 'holder', check: 'name', problem: holderProblem };
  const bankProblem = textProblem('text', bank);
  if (bankProblem !== null) return { ok: false, reason: 'invalid', field: 'bank', check: 'text', problem: bankProblem };
  const [row] = await db
    .insert(receivingAccounts)
    .values({ currencyId: currency.id, number: normalizeRequisite(field.check, account.number), holder, bank })
    .onConflictDoNothing()
    .returning();
  if (!row) return { ok: false, reason: 'duplicate' };
  return {
    ok: true,
    line: {
      id: row.id,
      code: account.code.toUpperCase(),
      check: field.check,
      number: row.number,
      holder,
      bank,
      active: true,
      lastUsedAt: null,
    },
  };
}

/** Switches an account off for new claims; null when there is no such account. */
export async function disableAccount(db: Db, id: number): Promise<{ wasActive: boolean } | null> {
  const [before] = await db
    .select({ active: receivingAccounts.active })
    .from(receivingAccounts)
    .where(eq(receivingAccounts.id, id))
    .for('update');
  if (!before) return null;
  if (before.active) await db.update(receivingAccounts).set({ active: false }).where(eq(receivingAccounts.id, id));
  return { wasActive: before.active };
}

/** Adds an account as `actor` (the CLI or an operator), its audit row written in the same transaction. */
export async function addAccountAs(
  db: Db,
  actor: Actor,
  account: NewAccount,
  // The catalogue comes from the pool: loading it inside the transaction would run its reads at once on one
  // connection. A caller already in a transaction passes the one it read before.
  catalog?: Catalog,
): Promise<AddAccountOutcome> {
  catalog ??= await getCatalog(db);
  return audited(db, actor, async (tx) => {
    const result = await addAccount(tx, catalog, account);
    return {
      result,
      audit: result.ok
        ? { action: 'account.add', target: `${result.line.code} #${result.line.id}`, after: result.line }
        : null,
    };
  });
}

/** Switches an account off as `actor`, audited when it was on; null when there is no such account. */
export function disableAccountAs(db: Db, actor: Actor, id: number): Promise<{ wasActive: boolean } | null> {
  return audited(db, actor, async (tx) => {
    const result = await disableAccount(tx, id);
    return {
      result,
      audit: result?.wasActive
        ? { action: 'account.disable', target: `#${id}`, before: { active: true }, after: { active: false } }
        : null,
    };
  });
}
