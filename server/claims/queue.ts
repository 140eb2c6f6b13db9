// What the console reads about claims: the queue (filters, search, paging), counts per status, one claim in full.
import { and, count, desc, eq, gte, inArray, lt, lte, max, or, sql, sum, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { OpsClaimCounts, OpsClaimEvent, OpsClaimRow, OpsClaimsQuery } from '../../src/api/schemas/ops.ts';
import { CLAIM_STATUSES, type ClaimStatus } from '../../src/domain/claimStatus.ts';
import { parseAmount } from '../../src/domain/money.ts';
import type { Db } from '../db/index.ts';
import { currencies } from '../db/schema/calculator.ts';
import { claimStatusCounts } from '../db/schema/claimStatusCounts.ts';
import { claims, type ClaimRow } from '../db/schema/claims.ts';
import { depositAddresses } from '../db/schema/depositAddresses.ts';
import { requisiteSearchKey } from '../auth/sharedSecrets.ts';
import { requisiteDigest } from './requisiteDigests.ts';
import { claimEventLog } from './eventLog.ts';

/** Claims an operator must look at: just created, or the client says they paid. */
export const ATTENTION_STATUSES: readonly ClaimStatus[] = ['new', 'awaiting_payment', 'paid'];

const fromCurrency = alias(currencies, 'from_currency');
const toCurrency = alias(currencies, 'to_currency');

const rowColumns = {
  uuid: claims.uuid,
  status: claims.status,
  email: claims.email,
  fromCode: fromCurrency.code,
  toCode: toCurrency.code,
  fromSumma: claims.fromSumma,
  toSumma: claims.toSumma,
  createdAt: claims.createdAt,
  deadline: claims.deadline,
};

type SelectedRow = Omit<OpsClaimRow, 'createdAt' | 'deadline'> & { createdAt: Date; deadline: Date };

function rowDto(row: SelectedRow): OpsClaimRow {
  return { ...row, createdAt: row.createdAt.toISOString(), deadline: row.deadline.toISOString() };
}

/** How many pages past the current one a filtered total looks ahead; a bigger total shows as that many pages more. */
const COUNT_LOOKAHEAD_PAGES = 10;

function uuidText(hex: string): string {
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Claim numbers starting with `text` as a range of the primary key (a text prefix match could not use it). */
function uuidPrefixCondition(text: string): SQL | undefined {
  if (!/^[0-9a-f-]{4,36}$/i.test(text)) return undefined;
  const hex = text.replace(/-/g, '').toLowerCase();
  if (hex.length < 4 || hex.length > 32) return undefined;
  return and(gte(claims.uuid, uuidText(hex.padEnd(32, '0'))), lte(claims.uuid, uuidText(hex.padEnd(32, 'f'))));
}

/**
 * One search box, every alternative an index lookup so a search costs the same however many claims there are:
 * claim number (or its start, which is also the payment comment of card and SBP transfers), the e-mail (stored
 * lowercased), any requisite value exactly by its keyed digest (address, card with or without spaces, comment), the
 * deposit address the claim was given, an exact amount.
 */
function searchCondition(q: string, searchKey: string): SQL | undefined {
  const text = q.trim();
  if (text === '') return undefined;
  const digest = requisiteDigest(searchKey, text);
  const conditions: (SQL | undefined)[] = [
    eq(claims.email, text.toLowerCase()),
    digest === null ? undefined : sql`${claims.requisiteDigests} @> array[${digest}]::text[]`,
    uuidPrefixCondition(text),
    // The deposit address a payment arrived at names its claim (the pool's address index). An array of the
    // claims found, not `in (select ...)`: inside the OR only an array keeps the claims' primary key in use.
    sql`${claims.uuid} = any(array(select ${depositAddresses.claimUuid} from ${depositAddresses} where ${depositAddresses.address} = ${text}))`,
  ];
  const amount = parseAmount(text.replace(',', '.'));
  if (amount !== null) conditions.push(eq(claims.fromSumma, amount), eq(claims.toSumma, amount));
  return or(...conditions);
}

/** A currency's id by code inside the statement, so the direction filter reads the direction index. */
function currencyId(code: string): SQL {
  return sql`(select ${currencies.id} from ${currencies} where ${currencies.code} = ${code})`;
}

function dayStart(date: string): Date {
  return new Date(`${date}T00:00:00Z`);
}

/** `searchKey`: the requisite-search key (requisiteDigests.ts), read only when the query searches. */
function filters(query: OpsClaimsQuery, searchKey: string | null): SQL | undefined {
  const [fromCode, toCode] = query.direction?.split('-') ?? [];
  return and(
    query.status ? eq(claims.status, query.status) : undefined,
    fromCode ? eq(claims.fromCurrencyId, currencyId(fromCode)) : undefined,
    toCode ? eq(claims.toCurrencyId, currencyId(toCode)) : undefined,
    query.date_from ? gte(claims.createdAt, dayStart(query.date_from)) : undefined,
    query.date_to ? lt(claims.createdAt, new Date(dayStart(query.date_to).getTime() + 86_400_000)) : undefined,
    query.q && searchKey !== null ? searchCondition(query.q, searchKey) : undefined,
  );
}

export async function claimQueue(
  db: Db,
  query: OpsClaimsQuery,
  page: { offset: number; size: number },
): Promise<{ count: number; rows: OpsClaimRow[] }> {
  const where = filters(query, query.q?.trim() ? await requisiteSearchKey(db) : null);
  // A search finds its few claims through its indexes and sorts them; ordered by the bare column the planner may
  // instead walk every claim newest first, testing each against the search. The expression keeps it from that.
  const newestFirst = query.q?.trim() ? desc(sql`${claims.createdAt} + interval '0 seconds'`) : desc(claims.createdAt);
  const base = () =>
    db
      .select(rowColumns)
      .from(claims)
      .innerJoin(fromCurrency, eq(fromCurrency.id, claims.fromCurrencyId))
      .innerJoin(toCurrency, eq(toCurrency.id, claims.toCurrencyId))
      .where(where);
  const [rows, total] = await Promise.all([
    base().orderBy(newestFirst).limit(page.size).offset(page.offset),
    // One row past the look-ahead makes one more page show, so the operator sees there is more.
    queueTotal(db, query, where, newestFirst, page.offset + page.size * COUNT_LOOKAHEAD_PAGES + 1),
  ]);
  return { count: total, rows: rows.map(rowDto) };
}

/**
 * The queue's total: exact from the status counters when at most the status is filtered, otherwise counted up to
 * `cap` rows (the console pages on; the total grows as the operator goes deeper).
 */
async function queueTotal(
  db: Db,
  query: OpsClaimsQuery,
  where: SQL | undefined,
  newestFirst: SQL,
  cap: number,
): Promise<number> {
  const onlyStatus = !query.direction && !query.date_from && !query.date_to && !query.q?.trim();
  if (onlyStatus) {
    const [row] = await db
      .select({ value: sum(claimStatusCounts.rows).mapWith(Number) })
      .from(claimStatusCounts)
      .where(query.status ? eq(claimStatusCounts.status, query.status) : undefined);
    return row?.value ?? 0;
  }
  // The page's own order: the rows counted are the ones the same index path reaches first.
  const matching = db.select({ one: sql`1` }).from(claims).where(where).orderBy(newestFirst).limit(cap).as('matching');
  const [row] = await db.select({ value: count() }).from(matching);
  return row?.value ?? 0;
}

export async function claimCounts(db: Db): Promise<OpsClaimCounts> {
  // Two statements: the counts are the trigger-kept counters; the newest attention claim is looked up among the
  // few open claims instead of every claim ever made.
  const [rows, [latest]] = await Promise.all([
    db
      .select({ status: claimStatusCounts.status, value: sum(claimStatusCounts.rows).mapWith(Number) })
      .from(claimStatusCounts)
      .groupBy(claimStatusCounts.status),
    db
      .select({ at: max(claims.updatedAt) })
      .from(claims)
      .where(inArray(claims.status, [...ATTENTION_STATUSES])),
  ]);
  const byStatus = Object.fromEntries(CLAIM_STATUSES.map((status) => [status, 0])) as Record<ClaimStatus, number>;
  for (const row of rows) byStatus[row.status] = row.value;
  const attention = ATTENTION_STATUSES.reduce((sum, status) => sum + byStatus[status], 0);
  const at = latest?.at ? new Date(latest.at) : null;
  return { byStatus, attention, latestAttentionAt: at?.toISOString() ?? null };
}

/** The newest claims, of one status or all (the CLI's `claims list`). */
export async function latestClaims(db: Db, { status, limit }: { status?: ClaimStatus; limit: number }): Promise<OpsClaimRow[]> {
  const rows = await db
    .select(rowColumns)
    .from(claims)
    .innerJoin(fromCurrency, eq(fromCurrency.id, claims.fromCurrencyId))
    .innerJoin(toCurrency, eq(toCurrency.id, claims.toCurrencyId))
    .where(status ? eq(claims.status, status) : undefined)
    .orderBy(desc(claims.createdAt))
    .limit(limit);
  return rows.map(rowDto);
}

export async function claimEventsOf(db: Db, claim: ClaimRow): Promise<OpsClaimEvent[]> {
  return (await claimEventLog(db, claim)).map((row) => ({
    at: row.at.toISOString(),
    fromStatus: row.fromStatus,
    toStatus: row.toStatus,
    actor: row.actor,
    note: row.note,
  }));
}

/** The client's other claims: the same account, or the same e-mail for guests. */
export async function otherClaimsOf(db: Db, claim: ClaimRow, limit = 20): Promise<OpsClaimRow[]> {
  const sameClient = claim.userId !== null ? or(eq(claims.userId, claim.userId), eq(claims.email, claim.email)) : eq(claims.email, claim.email);
  const rows = await db
    .select(rowColumns)
    .from(claims)
    .innerJoin(fromCurrency, eq(fromCurrency.id, claims.fromCurrencyId))
    .innerJoin(toCurrency, eq(toCurrency.id, claims.toCurrencyId))
    .where(and(sameClient, sql`${claims.uuid} <> ${claim.uuid}`))
    .orderBy(desc(claims.createdAt))
    .limit(limit);
  return rows.map(rowDto);
}

export async function currencyCodes(db: Db, claim: ClaimRow): Promise<{ fromCode: string; toCode: string }> {
  const rows = await db
    .select({ id: currencies.id, code: currencies.code })
    .from(currencies)
    .where(or(eq(currencies.id, claim.fromCurrencyId), eq(currencies.id, claim.toCurrencyId)));
  const codeOf = (id: number) => rows.find((row) => row.id === id)?.code ?? '?';
  return { fromCode: codeOf(claim.fromCurrencyId), toCode: codeOf(claim.toCurrencyId) };
}
