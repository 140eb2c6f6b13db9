// The SQL of deposit addresses from extended public keys: the atomic receive index a claim takes, the derived
// address it is given, the keys per coin with their wallet gap, and the open unpaid claims a client holds.
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/index.ts';
import { currencies } from '../db/schema/calculator.ts';
import { claims } from '../db/schema/claims.ts';
import { depositAddresses } from '../db/schema/depositAddresses.ts';
import { currencyDepositKeys, depositKeys } from '../db/schema/depositKeys.ts';

type Executor = Pick<Db, 'execute' | 'select' | 'insert' | 'update' | 'delete'>;

export interface TakenIndex {
  keyId: number;
  network: string;
  extendedKey: string;
  index: number;
}

/**
 * Takes the next receive index of the coin's key in one statement: its row lock holds until the claim's
 * transaction ends, so instances never take the same index; a rolled-back claim burns its index, never reuses it.
 */
export async function takeKeyIndex(tx: Executor, currencyId: number): Promise<TakenIndex | null> {
  const result = await tx.execute<{ key_id: number; network: string; extended_key: string; index: number }>(sql`
    update ${depositKeys} set next_index = next_index + 1
    from ${currencyDepositKeys}
    where ${currencyDepositKeys.currencyId} = ${currencyId} and ${depositKeys.id} = ${currencyDepositKeys.keyId}
    returning ${depositKeys.id} as key_id, ${depositKeys.network} as network,
      ${depositKeys.extendedKey} as extended_key, ${depositKeys.nextIndex} - 1 as index`);
  const row = result.rows[0];
  return row
    ? { keyId: row.key_id, network: row.network, extendedKey: row.extended_key, index: Number(row.index) }
    : null;
}

/** Stores a derived address, free until the creating statement gives it to the claim; null if it is already known. */
export async function insertDerivedAddress(
  tx: Executor,
  row: { currencyId: number; network: string; address: string; keyId: number; index: number },
): Promise<number | null> {
  const [inserted] = await tx
    .insert(depositAddresses)
    .values({
      currencyId: row.currencyId,
      network: row.network,
      address: row.address,
      keyId: row.keyId,
      derivationIndex: row.index,
    })
    .onConflictDoNothing()
    .returning({ id: depositAddresses.id });
  return inserted?.id ?? null;
}

/** The key row of `network` and `extendedKey`, created with index 0 the first time it is set for any coin. */
export async function keyIdOf(tx: Executor, network: string, extendedKey: string): Promise<number> {
  await tx.insert(depositKeys).values({ network, extendedKey }).onConflictDoNothing();
  const [row] = await tx
    .select({ id: depositKeys.id })
    .from(depositKeys)
    .where(and(eq(depositKeys.network, network), eq(depositKeys.extendedKey, extendedKey)));
  if (!row) throw new Error('a key row just inserted or already there is found');
  return row.id;
}

export async function currentKeyOf(
  tx: Executor,
  currencyId: number,
): Promise<{ keyId: number; extendedKey: string; nextIndex: number } | null> {
  const [row] = await tx
    .select({ keyId: depositKeys.id, extendedKey: depositKeys.extendedKey, nextIndex: depositKeys.nextIndex })
    .from(currencyDepositKeys)
    .innerJoin(depositKeys, eq(depositKeys.id, currencyDepositKeys.keyId))
    .where(eq(currencyDepositKeys.currencyId, currencyId));
  return row ?? null;
}

export async function assignKey(tx: Executor, currencyId: number, keyId: number | null): Promise<void> {
  if (keyId === null) {
    await tx.delete(currencyDepositKeys).where(eq(currencyDepositKeys.currencyId, currencyId));
    return;
  }
  await tx
    .insert(currencyDepositKeys)
    .values({ currencyId, keyId })
    .onConflictDoUpdate({ target: currencyDepositKeys.currencyId, set: { keyId, setAt: sql`now()` } });
}

/** Statuses a claim reaches only once money arrived: its address counts as paid for the wallet's gap. */
const PAID_STATUSES = sql`('paid', 'processing', 'completed', 'needs_verification', 'on_hold', 'paid_late', 'payment_error', 'payout_error', 'returned')`;

export interface KeyRow {
  code: string;
  network: string;
  extendedKey: string;
  nextIndex: number;
  /** The highest receive index that received anything (seen on chain, or its claim was paid); null: none yet. */
  lastPaidIndex: number | null;
}

/** Every coin set to a key, with the key's next index and its last paid index, in display order. */
export async function keyRows(db: Executor): Promise<KeyRow[]> {
  const lastPaid = sql<number | null>`(
    select max(a.derivation_index) from ${depositAddresses} a
    where a.key_id = ${depositKeys.id} and (a.received_at is not null
      or exists (select 1 from ${claims} c where c.uuid = a.claim_uuid and c.status in ${PAID_STATUSES})))`;
  return db
    .select({
      code: currencies.code,
      network: depositKeys.network,
      extendedKey: depositKeys.extendedKey,
      nextIndex: depositKeys.nextIndex,
      lastPaidIndex: lastPaid.mapWith((value: unknown) => (value === null ? null : Number(value))),
    })
    .from(currencyDepositKeys)
    .innerJoin(depositKeys, eq(depositKeys.id, currencyDepositKeys.keyId))
    .innerJoin(currencies, eq(currencies.id, currencyDepositKeys.currencyId))
    .orderBy(asc(currencies.sort), asc(currencies.id));
}

/** Whether the coin has a key set: then its claims never run out of addresses. */
export async function hasKey(db: Executor, currencyId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: currencyDepositKeys.currencyId })
    .from(currencyDepositKeys)
    .where(eq(currencyDepositKeys.currencyId, currencyId));
  return row !== undefined;
}

export interface OpenClaims {
  count: number;
  /** The earliest deadline among them: when one of them frees its place by expiring. */
  firstDeadline: Date | null;
}

/** The claims awaiting payment that `column` (the e-mail or the client address) equals `value` on. */
export async function openUnpaidClaims(db: Executor, by: 'email' | 'clientIp', value: string): Promise<OpenClaims> {
  const column = by === 'email' ? claims.email : claims.clientIp;
  const result = await db.execute<{ count: string; first: string | null }>(sql`
    select count(*) as count, min(${claims.deadline}) as first from ${claims}
    where ${column} = ${value} and ${claims.status} in ('new', 'awaiting_payment')`);
  const row = result.rows[0];
  return { count: Number(row?.count ?? 0), firstDeadline: row?.first ? new Date(row.first) : null };
}

/**
 * Serialises claim creation per e-mail and per client address for the rest of the transaction, so two claims made
 * at once cannot both pass the count of open claims. Taken in one fixed order (e-mail first), so never a deadlock.
 */
export async function lockClaimant(tx: Executor, keys: string[]): Promise<void> {
  for (const key of keys) await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
}
