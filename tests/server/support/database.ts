// A database of its own for a test file: a copy of the migrated, seeded template (fast: CREATE DATABASE ... TEMPLATE).
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { connect, type Database } from '../../../server/db/index.ts';

export interface OwnDatabase extends Database {
  name: string;
  /** Closes the pool and drops the database. */
  drop(): Promise<void>;
}

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: inject('adminUrl') });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A copy of the template; `{ empty: true }`: a database with nothing in it, not even the migrations. */
export async function freshDatabase(poolSize = 20, { empty = false } = {}): Promise<OwnDatabase> {
  const name = `exchanger_test_${randomBytes(6).toString('hex')}`;
  const template = empty ? 'template0' : inject('templateDatabase');
  await admin((client) => client.query(`create database "${name}" template "${template}"`));
  const url = new URL(inject('adminUrl'));
  url.pathname = `/${name}`;
  const database = connect(url.toString(), poolSize);
  return {
    ...database,
    name,
    drop: async () => {
      await database.close();
      await admin((client) => client.query(`drop database if exists "${name}" with (force)`));
    },
  };
}
