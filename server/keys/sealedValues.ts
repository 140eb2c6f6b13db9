// Every value kept sealed under DATA_KEY, in one list: what a rotation re-seals and what the doctor counts. A new
// secret at rest is sealed where it is written, opened where it is read, and listed here.
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/index.ts';
import type { Keyring } from './dataKey.ts';
import { reseal, sealedKeyId } from './envelope.ts';

interface SealedColumn {
  table: string;
  /** The primary key, to page through the table and write each row back. */
  id: string;
  column: string;
  /** A text column holds one sealed value; a record (jsonb) holds one per field. */
  shape: 'text' | 'record';
  /** Only these rows hold a secret. */
  where?: SQL;
}

export const SEALED_COLUMNS: SealedColumn[] = [
  { table: 'claims', id: 'uuid', column: 'from_requisites', shape: 'record' },
  { table: 'claims', id: 'uuid', column: 'to_requisites', shape: 'record' },
  { table: 'referral_withdrawals', id: 'id', column: 'requisites', shape: 'text' },
  { table: 'operators', id: 'id', column: 'totp_secret', shape: 'text' },
  {
    table: 'server_secrets',
    id: 'name',
    column: 'value',
    shape: 'text',
    where: sql`name in ('card_fingerprint_key', 'requisite_search_key')`,
  },
];

/** The column's sealed values as text rows (a record's field values one by one). */
function valuesOf(column: SealedColumn): SQL {
  const table = sql.identifier(column.table);
  const field = sql.identifier(column.column);
  return column.shape === 'record'
    ? sql`${table} t, jsonb_each_text(t.${field}) as v(name, value)`
    : sql`(select ${field} as value from ${table} where ${column.where ?? sql`true`}) v`;
}

function prefix(keyId: string): string {
  return `enc:v1:${keyId}:%`;
}

export interface SealedCounts {
  /** In clear, or under DATA_KEY_PREVIOUS: `keys rotate` seals them under DATA_KEY. */
  toReseal: number;
  /** Under a key the ring does not hold: nothing opens them until that key is given. */
  unknownKey: number;
}

export async function sealedValueCounts(db: Pick<Db, 'execute'>, keyring: Keyring): Promise<SealedCounts> {
  const counts = { toReseal: 0, unknownKey: 0 };
  const current = prefix(keyring.current.id);
  const opened = keyring.previous ? sql`value like ${prefix(keyring.previous.id)}` : sql`false`;
  for (const column of SEALED_COLUMNS) {
    const result = await db.execute<{ to_reseal: number; unknown_key: number }>(sql`
      select count(*) filter (where value not like ${current} and (value not like 'enc:v1:%' or ${opened}))::int
          as to_reseal,
        count(*) filter (where value like 'enc:v1:%' and value not like ${current} and not ${opened})::int
          as unknown_key
      from ${valuesOf(column)}`);
    counts.toReseal += result.rows[0]?.to_reseal ?? 0;
    counts.unknownKey += result.rows[0]?.unknown_key ?? 0;
  }
  return counts;
}

const BATCH = 500;

function needsWork(keyring: Keyring, column: SealedColumn, value: unknown): boolean {
  const values = column.shape === 'record' ? Object.values(value as Record<string, string>) : [value as string];
  return values.some((one) => sealedKeyId(one) !== keyring.current.id);
}

function resealed(keyring: Keyring, column: SealedColumn, value: unknown): unknown {
  if (column.shape === 'text') return reseal(keyring, value as string);
  return Object.fromEntries(
    Object.entries(value as Record<string, string>).map(([name, one]) => [name, reseal(keyring, one)]),
  );
}

/**
 * Re-seals every value of one column that is in clear or under DATA_KEY_PREVIOUS under DATA_KEY, a batch of rows
 * per transaction (rows locked while rewritten, so a concurrent writer waits a moment). Answers how many rows changed.
 */
export async function resealColumn(db: Db, keyring: Keyring, column: SealedColumn): Promise<number> {
  const id = sql.identifier(column.id);
  let after: string | number | null = null;
  let changed = 0;
  for (;;) {
    const from = after;
    // Pages follow the primary key, so each batch is one index range however large the table.
    const batch: { id: string | number; value: unknown }[] = await db.transaction(async (tx) => {
      const rows = await tx.execute<{ id: string | number; value: unknown }>(sql`
        select ${id} as id, ${sql.identifier(column.column)} as value
        from ${sql.identifier(column.table)}
        where ${column.where ?? sql`true`} and ${from === null ? sql`true` : sql`${id} > ${from}`}
        order by ${id} limit ${BATCH} for update`);
      for (const row of rows.rows) {
        if (!needsWork(keyring, column, row.value)) continue;
        const value = resealed(keyring, column, row.value);
        const stored = column.shape === 'record' ? sql`${JSON.stringify(value)}::jsonb` : sql`${value as string}`;
        await tx.execute(
          sql`update ${sql.identifier(column.table)} set ${sql.identifier(column.column)} = ${stored} where ${id} = ${row.id}`,
        );
        changed += 1;
      }
      return rows.rows;
    });
    if (batch.length < BATCH) return changed;
    after = batch[batch.length - 1]!.id;
  }
}
