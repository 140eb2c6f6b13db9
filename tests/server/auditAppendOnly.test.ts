// The audit log is append-only in the database itself: UPDATE, DELETE and TRUNCATE are refused whoever sends them,
// while new rows are still written; deleting an operator only clears the rows' operator_id (the e-mail stays).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase, type OwnDatabase } from './support/database.ts';

let database: OwnDatabase;

beforeAll(async () => {
  database = await freshDatabase(4);
});
afterAll(async () => {
  await database.drop();
});

async function operatorWithRow(email: string): Promise<{ operatorId: number; rowId: number }> {
  const { rows: operators } = await database.pool.query<{ id: number }>(
    `insert into operators (email, password_hash, totp_secret) values ($1, 'unused', 'JBSWY3DPEHPK3PXP') returning id`,
    [email],
  );
  const operatorId = operators[0]!.id;
  const { rows } = await database.pool.query<{ id: number }>(
    `insert into audit_log (operator_id, actor, action, target, before, after)
     values ($1, $2, 'direction.update', 'BTC-SBERRUB', '{"course":"1"}', '{"course":"2"}') returning id`,
    [operatorId, email],
  );
  return { operatorId, rowId: rows[0]!.id };
}

async function rowOf(id: number) {
  const { rows } = await database.pool.query(
    'select operator_id, actor, action, target, before, after from audit_log where id = $1',
    [id],
  );
  return rows[0];
}

describe('audit_log', () => {
  it('takes new rows', async () => {
    const { rowId } = await operatorWithRow('append@example.com');
    expect(await rowOf(rowId)).toMatchObject({ actor: 'append@example.com', after: { course: '2' } });
  });

  it('refuses an UPDATE of any column and keeps the row as it was', async () => {
    const { rowId } = await operatorWithRow('update@example.com');
    const before = await rowOf(rowId);
    await expect(
      database.pool.query(`update audit_log set after = '{"course":"3"}' where id = $1`, [rowId]),
    ).rejects.toThrow(/append-only/);
    await expect(
      database.pool.query(`update audit_log set actor = 'someone-else' where id = $1`, [rowId]),
    ).rejects.toThrow(/append-only/);
    await expect(
      database.pool.query(`update audit_log set operator_id = null, actor = 'x' where id = $1`, [rowId]),
    ).rejects.toThrow(/append-only/);
    expect(await rowOf(rowId)).toEqual(before);
  });

  it('refuses DELETE and TRUNCATE', async () => {
    const { rowId } = await operatorWithRow('delete@example.com');
    await expect(database.pool.query('delete from audit_log where id = $1', [rowId])).rejects.toThrow(/append-only/);
    await expect(database.pool.query('truncate audit_log')).rejects.toThrow(/append-only/);
    expect(await rowOf(rowId)).toBeDefined();
  });

  it('lets a deleted operator clear only the operator_id of its rows (the e-mail stays)', async () => {
    const { operatorId, rowId } = await operatorWithRow('gone@example.com');
    await database.pool.query('delete from operators where id = $1', [operatorId]);
    expect(await rowOf(rowId)).toMatchObject({ operator_id: null, actor: 'gone@example.com', target: 'BTC-SBERRUB' });
  });
});
