// A connection the database drops while the server holds it between two queries (a transaction awaiting other
// work, a lock held for a pass) must not end the process: the loss is noted, the pool discards the connection and
// the next query gets a new one. Without a listener on the connection, node-postgres emits an unhandled 'error'.
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { freshDatabase, type OwnDatabase } from './support/database.ts';

let database: OwnDatabase;

beforeAll(async () => {
  database = await freshDatabase(2);
});
afterAll(async () => {
  await database?.close();
});

it('survives the database ending a connection that is checked out between queries', async () => {
  const held = await database.pool.connect();
  const { rows } = await held.query<{ pid: number }>('select pg_backend_pid() as pid');
  const ended = new Promise<void>((resolve) => held.once('end', () => resolve()));
  // Another connection ends the held one's backend, as a restart or an administrator would.
  await database.pool.query('select pg_terminate_backend($1)', [rows[0]!.pid]);
  await ended;
  held.release();
  await vi.waitFor(async () => {
    const { rows: answer } = await database.pool.query<{ one: number }>('select 1 as one');
    expect(answer[0]!.one).toBe(1);
  });
});
