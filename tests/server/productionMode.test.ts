// Production mode on a fresh database: the seed writes the starting catalogue only (directions off, empty reserves)
// and no demo row; the demo login does not exist; a server without DATA_KEY refuses to start, naming it; the doctor
// lists what blocks real money (exit 1) until one direction is configured end to end (exit 0), and a switched-on
// direction nobody can pay is not offered.
/* eslint-disable @typescript-eslint/no-explicit-any -- replies are checked by the assertions, not typed up front */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app.ts';
import { applyMigrations } from '../../server/db/migrate.ts';
import { runOps } from '../../server/ops/commands.ts';
import { seed } from '../../server/seed/index.ts';
import { call, testConfig } from './support/app.ts';
import { currencyId } from './support/claims.ts';
import { freshDatabase, type OwnDatabase } from './support/database.ts';
import { cliOperator } from './support/cliOperator.ts';
import { CHILD_LIMITS } from './support/childLimits.ts';

/**
 * What production may seed: the catalogue (currencies, their fields, directions switched off, reserves with their
 * free slots, site switches).
 */
const CATALOGUE = ['currencies', 'currency_fields', 'directions', 'reserves', 'reserve_slots', 'site_settings'];

let database: OwnDatabase;

beforeAll(async () => {
  database = await freshDatabase(4, { empty: true });
  await applyMigrations(database.db);
  expect(await seed(database.db, 'production')).toBeNull();
  // Every instance seeds at start: a second run adds nothing.
  await seed(database.db, 'production');
});
afterAll(async () => {
  await database.drop();
});

/** Rows of every table the migrations do not fill themselves. */
async function rowsPerTable(): Promise<Record<string, number>> {
  const tables = await database.db.execute<{ table_name: string }>(sql`
    select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`);
  const counts: Record<string, number> = {};
  for (const { table_name: table } of tables.rows) {
    const result = await database.db.execute<{ n: number }>(sql`select count(*)::int as n from ${sql.identifier(table)}`);
    counts[table] = result.rows[0]!.n;
  }
  return counts;
}

describe('a fresh database seeded in production mode', () => {
  it('holds no demo row: only the catalogue, every direction off and every reserve empty', async () => {
    const counts = await rowsPerTable();
    const filled = Object.entries(counts)
      .filter(([table, n]) => n > 0 && !CATALOGUE.includes(table))
      .map(([table]) => table);
    // Rows the migrations themselves write (singleton slots and counters) are no demo data.
    const fromMigrations = await migrationRows();
    expect(filled.filter((table) => !fromMigrations.includes(table))).toEqual([]);
    for (const table of ['users', 'promocodes', 'receiving_accounts', 'deposit_addresses', 'payment_accounts', 'news', 'contests', 'claims'])
      expect(counts[table], table).toBe(0);
    const live = await database.db.execute<{ n: number }>(sql`select count(*)::int as n from directions where active`);
    expect(live.rows[0]!.n).toBe(0);
    const reserves = await database.db.execute<{ n: number }>(sql`select count(*)::int as n from reserves where amount <> 0`);
    expect(reserves.rows[0]!.n).toBe(0);
  });

  it('knows no demo login', async () => {
    const app = { app: createApp({ db: database.db, config: testConfig({ DEMO: '0' }) }) };
    const reply = await call(app, 'POST', '/front-api/auth/login/', { email: 'demo@exchanger.local', password: 'demo2026pass' });
    expect([400, 401]).toContain(reply.status);
  });
});

/** Tables with rows in a database that was only migrated (nothing seeded). */
async function migrationRows(): Promise<string[]> {
  const bare = await freshDatabase(2, { empty: true });
  try {
    await applyMigrations(bare.db);
    const tables = await bare.db.execute<{ table_name: string }>(sql`
      select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`);
    const filled: string[] = [];
    for (const { table_name: table } of tables.rows) {
      const result = await bare.db.execute<{ n: number }>(sql`select count(*)::int as n from ${sql.identifier(table)}`);
      if (result.rows[0]!.n > 0) filled.push(table);
    }
    return filled;
  } finally {
    await bare.drop();
  }
}

describe('starting a production server', () => {
  it('refuses without DATA_KEY, naming the variable', () => {
    const started = spawnSync(process.execPath, ['server/main.ts'], {
      env: { ...process.env, DATABASE_URL: database.url, DEMO: '', DATA_KEY: '', SKIP_BUILD: '1', PORT: '0' },
      encoding: 'utf8',
      // The refusal comes before any connection.
      ...CHILD_LIMITS,
    });
    expect(started.status).toBe(1);
    expect(`${started.stdout}${started.stderr}`).toMatch(/DATA_KEY is required in production/);
  }, 120_000);
});

describe('npm run ops -- doctor', () => {
  const dataKey = randomBytes(32).toString('base64');

  async function doctor(env: Record<string, string>): Promise<{ code: number; text: string }> {
    const lines: string[] = [];
    const code = await runOps(['doctor'], { db: database.db, out: (line) => lines.push(line), serverConfig: testConfig({ DEMO: '0', ...env }) });
    return { code, text: lines.join('\n') };
  }

  async function ops(...argv: string[]): Promise<void> {
    const lines: string[] = [];
    const code = await runOps(argv, { db: database.db, operator: await cliOperator(database.db), out: (line) => lines.push(line) });
    expect(code, lines.join('\n')).toBe(0);
  }

  it('lists every blocker with its fix and exits 1, then 0 once one direction is configured end to end', async () => {
    const fresh = await doctor({});
    expect(fresh.code).toBe(1);
    expect(fresh.text).toMatch(/BLOCKER {2}DATA_KEY is not set[^\n]*\n\s+fix: export DATA_KEY=\$\(openssl rand -base64 32\)/);
    expect(fresh.text).toMatch(/BLOCKER {2}SMTP_URL is not set[^\n]*\n\s+fix: set SMTP_URL=/);
    expect(fresh.text).toMatch(/BLOCKER {2}no active operator[^\n]*\n\s+fix: npm run ops -- operators create/);
    expect(fresh.text).toMatch(/BLOCKER {2}no direction is switched on[^\n]*\n\s+fix: npm run ops -- rates set/);

    const app = { app: createApp({ db: database.db, config: testConfig({ DEMO: '0', DATA_KEY: dataKey }) }) };
    const sber = await currencyId(database.db, 'SBERRUB');
    const offered = async () => (await call(app, 'GET', '/api/v1/calculator/')).body.directions.map((row: any) => row.id);

    await ops('operators', 'create', 'owner@example.com', '--password', 'long-pass-1');
    await ops('directions', 'on', 'SBERRUB', 'BTC');
    const unpaid = await doctor({ DATA_KEY: dataKey, SMTP_URL: 'smtp://127.0.0.1:2525' });
    expect(unpaid.code).toBe(1);
    expect(unpaid.text).toMatch(/SBERRUB → BTC is on but SBERRUB cannot be paid[^\n]*\n\s+fix: npm run ops -- accounts add SBERRUB/);
    expect(unpaid.text).toMatch(/course is the starting catalogue's[^\n]*\n\s+fix: npm run ops -- rates set SBERRUB BTC/);
    expect(unpaid.text).toMatch(/no BTC reserve[^\n]*\n\s+fix: npm run ops -- reserves set BTC/);
    // Switched on, but nobody can pay it: not offered.
    expect(await offered()).not.toContain(sber);

    await ops('accounts', 'add', 'SBERRUB', '2202 2063 0417 3813', '--holder', 'Алексей Михайлович К.');
    await ops('rates', 'set', 'SBERRUB', 'BTC', '0.0000001');
    await ops('reserves', 'set', 'BTC', '2');
    const ready = await doctor({ DATA_KEY: dataKey, SMTP_URL: 'smtp://127.0.0.1:2525' });
    expect(ready.text).not.toMatch(/BLOCKER/);
    expect(ready.code).toBe(0);
    expect(ready.text).toMatch(/^ready: nothing blocks real money/m);
    expect(await offered()).toContain(sber);
  });
});
