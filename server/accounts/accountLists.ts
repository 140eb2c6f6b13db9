// The account's long lists (claims, referral movements, withdrawals) read page by page. A page is a window of
// the list (pageWindow in server/shared/paging.ts computes it from the total): its keys come from the owner's
// index alone, and only those rows are read in full.
import { and, asc, count, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../db/index.ts';
import { currencies, type CurrencyRow } from '../db/schema/calculator.ts';
import { claims, type ClaimRow } from '../db/schema/claims.ts';
import { referralMovements, withdrawals } from '../db/schema/referral.ts';
import { pageWindow, type DateRange, type PageRequest, type PageWindow } from '../shared/paging.ts';
import { accountListCounts } from '../db/schema/accountLists.ts';
import { countedRows } from './listCounts.ts';
import type { AccessClaims } from '../auth/accessToken.ts';
import { sessionCheck, type SessionRow } from '../auth/sessionCheck.ts';
import type { WithdrawalRow } from './withdrawals.ts';

export type MovementRow = typeof referralMovements.$inferSelect;

export interface ClaimListRow {
  claim: ClaimRow;
  from: CurrencyRow;
  to: CurrencyRow;
}

const fromCurrency = alias(currencies, 'from_currency');
const toCurrency = alias(currencies, 'to_currency');

function inRange(column: typeof referralMovements.createdAt | typeof withdrawals.createdAt, range: DateRange): SQL[] {
  const conditions: SQL[] = [];
  if (range.from) conditions.push(gte(column, range.from));
  if (range.to) conditions.push(lt(column, range.to));
  return conditions;
}

/**
 * One page of the signed-in account's claims, newest first, with both currencies, and their total: the ones made
 * signed in (a guest's claim joins no account). The window's statement also carries the session check of the
 * caller's token (`session`: refuse the call unless it is live), so the orders list costs one round trip on the
 * first page (read forward whatever the total, its rows carry the kept count) and two on later ones, whose kept
 * count is read first to choose the reading direction (a count the caller never sees unless the check passes).
 */
export async function claimPage(
  db: Db,
  caller: AccessClaims,
  page: PageRequest,
): Promise<{ session: SessionRow | undefined; total: number; rows: ClaimListRow[] }> {
  const total = page.offset === 0 ? null : await countedRows(db, caller.userId, 'claims');
  const window = total === null ? { reversed: false, skip: 0, take: page.size } : pageWindow(page, total);
  const rows = await claimWindow(db, caller, window);
  const [head] = rows;
  return {
    session: head && { blocked: head.blocked, live: head.live },
    total: total ?? head?.total ?? 0,
    rows: rows.flatMap(({ claim, from, to }) => (claim && from && to ? [{ claim, from, to }] : [])),
  };
}

/**
 * The claims window read in one direction after the session check, as a named prepared statement with the account,
 * its session, LIMIT and OFFSET as placeholders. The check's row leads; the window joins it laterally only when the
 * session is live, so a closed one reads no claim. Each row also carries the account's kept claim count (one
 * primary-key read for the statement). A window of nothing (a page past the end) still answers the check's row.
 */
function claimWindowQuery(db: Db, reversed: boolean) {
  const order = reversed ? [asc(claims.createdAt), asc(claims.uuid)] : [desc(claims.createdAt), desc(claims.uuid)];
  const keys = db
    .select({ uuid: claims.uuid })
    .from(claims)
    .where(and(eq(claims.userId, sql.placeholder('userId')), sql`session.live and not session.blocked`))
    .orderBy(...order)
    .limit(sql.placeholder('take'))
    .offset(sql.placeholder('skip'))
    .as('page_keys');
  const total = db
    .select({ rows: accountListCounts.rows })
    .from(accountListCounts)
    .where(and(eq(accountListCounts.userId, sql.placeholder('userId')), eq(accountListCounts.list, 'claims')));
  return db
    .select({
      blocked: sql<boolean>`session.blocked`,
      live: sql<boolean>`session.live`,
      claim: claims,
      from: fromCurrency,
      to: toCurrency,
      total: sql<number>`(${total})`.mapWith(Number),
    })
    .from(sql`(${sessionCheck}) as session`)
    .leftJoinLateral(keys, sql`true`)
    .leftJoin(claims, eq(claims.uuid, keys.uuid))
    .leftJoin(fromCurrency, eq(fromCurrency.id, claims.fromCurrencyId))
    .leftJoin(toCurrency, eq(toCurrency.id, claims.toCurrencyId))
    .orderBy(desc(claims.createdAt), desc(claims.uuid))
    .prepare(reversed ? 'account_claims_from_end' : 'account_claims');
}

// Built once per database handle: building the select (drizzle's builder and SQL text) cost more Node CPU than
// running it, about 13 % of a list call's samples in a profile of the orders list.
const claimWindowQueries = new WeakMap<Db, { forward: ReturnType<typeof claimWindowQuery>; reversed: ReturnType<typeof claimWindowQuery> }>();

/**
 * One window of the account's claims, newest first, with both currencies and the kept total, led by the session
 * check. A named prepared statement per reading direction: each connection plans it once (planning the joins cost
 * more than running them for a small account).
 */
function claimWindow(db: Db, caller: AccessClaims, window: PageWindow) {
  let queries = claimWindowQueries.get(db);
  if (!queries) {
    queries = { forward: claimWindowQuery(db, false), reversed: claimWindowQuery(db, true) };
    claimWindowQueries.set(db, queries);
  }
  const query = window.reversed ? queries.reversed : queries.forward;
  return query.execute({ userId: caller.userId, sessionId: caller.sessionId, take: window.take, skip: window.skip });
}

/** All of a partner's movements: the kept count; within dates: counted over that range of the list index. */
export async function movementCount(db: Db, userId: number, range: DateRange): Promise<number> {
  if (!range.from && !range.to) return countedRows(db, userId, 'referral_movements');
  const where = and(eq(referralMovements.userId, userId), ...inRange(referralMovements.createdAt, range));
  const [total] = await db.select({ value: count() }).from(referralMovements).where(where);
  return total?.value ?? 0;
}

/** One page of a partner's movements within dates, newest first, and their total. */
export async function movementPage(
  db: Db,
  userId: number,
  range: DateRange,
  page: PageRequest,
): Promise<{ total: number; rows: MovementRow[] }> {
  const total = await movementCount(db, userId, range);
  return { total, rows: await movementWindow(db, userId, range, pageWindow(page, total)) };
}

/** One window of a partner's movements within dates, newest first. */
async function movementWindow(db: Db, userId: number, range: DateRange, window: PageWindow): Promise<MovementRow[]> {
  if (window.take === 0) return [];
  const where = and(eq(referralMovements.userId, userId), ...inRange(referralMovements.createdAt, range));
  const order = window.reversed
    ? [asc(referralMovements.createdAt), asc(referralMovements.id)]
    : [desc(referralMovements.createdAt), desc(referralMovements.id)];
  const keys = db.select({ id: referralMovements.id }).from(referralMovements).where(where).orderBy(...order).limit(window.take).offset(window.skip).as('page_keys');
  const rows = await db
    .select({ movement: referralMovements })
    .from(keys)
    .innerJoin(referralMovements, eq(referralMovements.id, keys.id))
    .orderBy(desc(referralMovements.createdAt), desc(referralMovements.id));
  return rows.map(({ movement }) => movement);
}

/** One page of a partner's withdrawals within dates, newest first, with their total. */
export async function withdrawalPage(db: Db, userId: number, range: DateRange, page: PageRequest): Promise<{ total: number; rows: WithdrawalRow[] }> {
  const where = and(eq(withdrawals.userId, userId), ...inRange(withdrawals.createdAt, range));
  const [total] = await db.select({ value: count() }).from(withdrawals).where(where);
  const rows = await db
    .select()
    .from(withdrawals)
    .where(where)
    .orderBy(desc(withdrawals.createdAt), desc(withdrawals.id))
    .limit(page.size)
    .offset(page.offset);
  return { total: total?.value ?? 0, rows };
}
