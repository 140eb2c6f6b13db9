// Claims name their currencies and receiving account by id without a foreign key (migration 0046: no row lock at
// every claim insert). The rule that stands in for it lives in the database: a currency or an account is never
// deleted, truncated or renumbered, whoever sends the statement; switching one off still works.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase, type OwnDatabase } from './support/database.ts';

let database: OwnDatabase;

beforeAll(async () => {
  database = await freshDatabase(2);
});
afterAll(async () => {
  await database.drop();
});

async function firstId(table: 'currencies' | 'receiving_accounts'): Promise<number> {
  const { rows } = await database.pool.query<{ id: number }>(`select id from ${table} order by id limit 1`);
  return rows[0]!.id;
}

describe.each(['currencies', 'receiving_accounts'] as const)('%s', (table) => {
  it('refuses a delete, a new id and a truncate, and keeps the row', async () => {
    const id = await firstId(table);
    await expect(database.pool.query(`delete from ${table} where id = $1`, [id])).rejects.toThrow(/never deleted/);
    await expect(database.pool.query(`update ${table} set id = id + 100000 where id = $1`, [id])).rejects.toThrow(/never deleted/);
    await expect(database.pool.query(`truncate ${table} cascade`)).rejects.toThrow(/never deleted/);
    const { rows } = await database.pool.query(`select id from ${table} where id = $1`, [id]);
    expect(rows).toHaveLength(1);
  });

  it('still switches a row off and on', async () => {
    const id = await firstId(table);
    await database.pool.query(`update ${table} set active = false where id = $1`, [id]);
    await database.pool.query(`update ${table} set active = true where id = $1`, [id]);
    const { rows } = await database.pool.query<{ active: boolean }>(`select active from ${table} where id = $1`, [id]);
    expect(rows[0]!.active).toBe(true);
  });
});
