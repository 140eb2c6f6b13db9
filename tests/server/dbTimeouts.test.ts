// Every pooled connection starts with its limits (server/db/timeouts.ts): the DB_* variables with their defaults, a
// lock wait that gives up, a statement that is cancelled, an idle transaction that is ended.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, type Database } from '../../server/db/index.ts';
import { DEFAULT_TIMEOUTS, timeoutsFromEnv } from '../../server/db/timeouts.ts';
import { setLogLevel } from '../../server/log.ts';
import { freshDatabase, type OwnDatabase } from './support/database.ts';

let own: OwnDatabase;
let limited: Database;

beforeAll(async () => {
  // The ended connection is reported at warn; the assertions below look at it.
  setLogLevel('error');
  own = await freshDatabase(2);
  limited = connect(own.url, 3, 0, { statementMs: 400, lockMs: 200, idleInTransactionMs: 300, keepAliveMs: 1000 });
  await own.pool.query('create table timeout_probe (id int primary key)');
  await own.pool.query('insert into timeout_probe values (1)');
});
afterAll(async () => {
  await limited.close();
  await own.drop();
});

describe('database connection limits', () => {
  it('reads DB_*_SECONDS, defaulting to 30 s, 10 s, 60 s and 10 s, and refuses nonsense', () => {
    expect(timeoutsFromEnv({})).toEqual(DEFAULT_TIMEOUTS);
    expect(DEFAULT_TIMEOUTS).toEqual({ statementMs: 30_000, lockMs: 10_000, idleInTransactionMs: 60_000, keepAliveMs: 10_000 });
    expect(timeoutsFromEnv({ DB_STATEMENT_TIMEOUT_SECONDS: '5', DB_LOCK_TIMEOUT_SECONDS: '0.5', DB_KEEPALIVE_SECONDS: '0' })).toEqual({
      statementMs: 5000,
      lockMs: 500,
      idleInTransactionMs: 60_000,
      keepAliveMs: 0,
    });
    expect(() => timeoutsFromEnv({ DB_LOCK_TIMEOUT_SECONDS: 'soon' })).toThrow(/DB_LOCK_TIMEOUT_SECONDS/);
  });

  it('starts every connection with them', async () => {
    const { rows } = await own.pool.query<{ statement: string; lock: string; idle: string }>(`
      select current_setting('statement_timeout') as statement, current_setting('lock_timeout') as lock,
        current_setting('idle_in_transaction_session_timeout') as idle`);
    expect(rows[0]).toEqual({ statement: '30s', lock: '10s', idle: '1min' });
  });

  it('gives up a lock wait and cancels a long statement', async () => {
    const holder = await own.pool.connect();
    try {
      await holder.query('begin');
      await holder.query('select * from timeout_probe where id = 1 for update');
      await expect(limited.pool.query('update timeout_probe set id = 1 where id = 1')).rejects.toMatchObject({ code: '55P03' });
      await holder.query('rollback');
    } finally {
      holder.release();
    }
    await expect(limited.pool.query('select pg_sleep(5)')).rejects.toMatchObject({ code: '57014' });
  });

  it('ends a transaction left open without a statement', async () => {
    const client = await limited.pool.connect();
    let lost: Error | null = null;
    client.on('error', (error) => (lost = error));
    try {
      await client.query('begin');
      const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const session = await own.pool.query('select 1 from pg_stat_activity where pid = $1', [rows[0]!.pid]);
      expect(session.rowCount).toBe(0);
      expect(lost).not.toBeNull();
      await expect(client.query('select 1')).rejects.toThrow();
    } finally {
      client.release(true);
    }
  });
});
