// Backup and restore: `ops backup` writes pg_dump's custom format; `ops restore` replaces the database and
// hands out no deposit address the replaced database had handed out (claim, backup, more claims, restore, new claim:
// the new claim's address is none of the earlier ones; a key's next index never goes back), and no session or mail
// link revoked or spent after the backup comes back to life. Onto an empty database (the old one gone) a restore
// needs --skip and retires that many addresses ahead.
// It needs pg_dump, pg_restore and psql at least as new as the test server: skipped without them, failed in CI.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { serverMajor } from '../../server/backup/archive.ts';
import { findTool, MissingToolError, toolsOnMachine, type PgTool } from '../../server/backup/pgTools.ts';
import { connect } from '../../server/db/index.ts';
import { runOps } from '../../server/ops/commands.ts';
import { login, newUser, type SignedIn } from './support/accounts.ts';
import { call, startTestApp, type TestApp } from './support/app.ts';
import { validClaim } from './support/claims.ts';
import { cliOperator } from './support/cliOperator.ts';

const major = await serverMajor(inject('adminUrl'));
const missing = (['pg_dump', 'pg_restore', 'psql'] as PgTool[]).filter(
  (tool) => !toolsOnMachine(tool).some((found) => found.major >= major),
);
if (missing.length > 0 && process.env.CI) {
  throw new Error(`CI must run the backup test: no ${missing.join(', ')} of PostgreSQL ${major} or newer here`);
}

let test: TestApp;
let folder: string;

beforeAll(async () => {
  test = await startTestApp();
  folder = mkdtempSync(path.resolve('test-data', 'backup-'));
});
afterAll(async () => {
  await test?.close();
  if (folder) rmSync(folder, { recursive: true, force: true });
});

async function ops(databaseUrl: string, db = test.database.db, ...argv: string[]) {
  const lines: string[] = [];
  // A restore acts before any operator exists (onto an empty database), so it names none.
  const operator = argv[0] === 'restore' ? undefined : await cliOperator(db);
  const code = await runOps(argv, { db, operator, out: (line) => lines.push(line), databaseUrl });
  return { code, text: lines.join('\n') };
}

/** A new LTC claim and the deposit address it was given. */
async function claimAddress(): Promise<string> {
  return (await newClaim()).address;
}

async function newClaim(): Promise<{ uuid: string; address: string }> {
  const reply = await call(test, 'POST', '/api/v1/claim/', await validClaim(test, 'LTC', 'SBERRUB'));
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  const requisite = await call(test, 'GET', `/en/api/v1/claim/${reply.body.uuid}/requisite/`);
  const address = requisite.body.payTo.find((line: { name: string }) => line.name === 'address').value;
  return { uuid: reply.body.uuid, address };
}

async function refresh(cookie: string) {
  return call(test, 'POST', '/front-api/auth/refresh/', undefined, { cookie });
}

async function nextIndex(): Promise<number> {
  const rows = await test.database.db.execute<{ next_index: number }>(
    sql`select next_index from deposit_keys where extended_key = 'xpub-backup-test'`,
  );
  return rows.rows[0]!.next_index;
}

describe.skipIf(missing.length > 0)('backup and restore', () => {
  it('hands out no address twice and keeps revoked sessions and spent links dead', async () => {
    const url = test.database.url;
    const before = await claimAddress();
    const staysSignedIn: SignedIn = await newUser(test);
    const signsOut = await login(test, staysSignedIn.email);
    const rotates = await login(test, staysSignedIn.email);
    await test.database.db.execute(
      sql`insert into deposit_keys (network, extended_key, next_index) values ('btc', 'xpub-backup-test', 3)`,
    );

    const file = path.join(folder, 'exchanger.dump');
    const backup = await ops(url, undefined, 'backup', file);
    expect(backup.code, backup.text).toBe(0);
    expect(backup.text).toMatch(/^backup written: .*exchanger\.dump \(\d+ bytes, \d+ entries; PostgreSQL \d+/);

    // After the backup: more claims, a sign-out, a rotation (the old token is spent), a key that derived on.
    const after = [await claimAddress(), await claimAddress(), await claimAddress()];
    expect(
      (await call(test, 'POST', '/front-api/auth/logout/', undefined, { cookie: signsOut.refreshCookie })).status,
    ).toBe(200);
    expect((await refresh(rotates.refreshCookie)).status).toBe(200);
    await test.database.db.execute(sql`update deposit_keys set next_index = 9 where extended_key = 'xpub-backup-test'`);

    // The test's own connections are open, as a running server's would be: refused without --force.
    const refused = await ops(url, undefined, 'restore', file);
    expect(refused.code).toBe(1);
    expect(refused.text).toMatch(/other connection\(s\) to this database are open/);

    const restore = await ops(url, undefined, 'restore', file, '--force');
    expect(restore.code, restore.text).toBe(0);
    expect(restore.text).toMatch(/deposit addresses retired: 3 from the pools/);

    const fresh = await claimAddress();
    expect([before, ...after]).not.toContain(fresh);
    expect(await nextIndex()).toBe(9);
    // Loading the retired addresses again does not bring them back.
    const list = path.join(folder, 'ltc.txt');
    writeFileSync(list, `${after.join('\n')}\n`);
    const reload = await ops(url, undefined, 'addresses', 'import', 'LTC', list);
    expect(reload.text).toMatch(/loaded 0/);
    expect(await claimAddress()).not.toBeOneOf([before, ...after]);

    // The refresh token revoked after the backup (and the one spent by a rotation) stay refused; so does every
    // other session and mail link the backup held.
    expect((await refresh(signsOut.refreshCookie)).status).toBe(401);
    expect((await refresh(rotates.refreshCookie)).status).toBe(401);
    expect((await refresh(staysSignedIn.refreshCookie)).status).toBe(401);
    const open = await test.database.db.execute<{ n: number }>(sql`
      select (select count(*) from refresh_tokens where revoked_at is null)
           + (select count(*) from mail_tokens where used_at is null)
           + (select count(*) from operator_sessions where revoked_at is null) as n`);
    expect(Number(open.rows[0]!.n)).toBe(0);
    const audit = await test.database.db.execute<{ action: string }>(
      sql`select action from audit_log where action = 'database.restore'`,
    );
    expect(audit.rows).toHaveLength(1);
  });

  it('onto an empty database (the old one gone) asks for --skip, then retires that many addresses ahead', async () => {
    const url = test.database.url;
    const before = await claimAddress();
    const file = path.join(folder, 'second.dump');
    expect((await ops(url, undefined, 'backup', file)).code).toBe(0);
    const after = [await claimAddress(), await claimAddress()];
    const index = await nextIndex();

    // The live database is lost: an empty one takes its place.
    const name = `${test.database.name}_empty`;
    const admin = new pg.Client({ connectionString: inject('adminUrl') });
    await admin.connect();
    await admin.query(`create database "${name}"`);
    const emptyUrl = new URL(url);
    emptyUrl.pathname = `/${name}`;
    const empty = connect(emptyUrl.toString(), 2);
    try {
      const refused = await ops(emptyUrl.toString(), empty.db, 'restore', file);
      expect(refused.code).toBe(1);
      expect(refused.text).toMatch(/pass --skip N/);
      const restored = await ops(emptyUrl.toString(), empty.db, 'restore', file, '--skip', '5', '--force');
      expect(restored.code, restored.text).toBe(0);
      const free = await empty.db.execute<{ address: string }>(sql`
        select d.address from deposit_addresses d join currencies c on c.id = d.currency_id
        where c.code = 'LTC' and d.claim_uuid is null order by d.id limit 1`);
      expect([before, ...after]).not.toContain(free.rows[0]!.address);
      const key = await empty.db.execute<{ next_index: number }>(
        sql`select next_index from deposit_keys where extended_key = 'xpub-backup-test'`,
      );
      expect(key.rows[0]!.next_index).toBe(index + 5);
    } finally {
      await empty.close();
      await admin.query(`drop database if exists "${name}" with (force)`);
      await admin.end();
    }
  });

  it('a pool address given a second time since the backup is not given a third time', async () => {
    const url = test.database.url;
    // One free LTC address left, so the next claims take the pool's second use of an address closed unpaid.
    await test.database.db.execute(sql`
      delete from deposit_addresses where claim_uuid is null and currency_id = (select id from currencies where code = 'LTC')
        and id <> (select min(id) from deposit_addresses where claim_uuid is null
                   and currency_id = (select id from currencies where code = 'LTC'))`);
    const first = await newClaim();
    await test.database.db.execute(
      sql`update claims set status = 'canceled', updated_at = now() - interval '30 days' where uuid = ${first.uuid}`,
    );
    const file = path.join(folder, 'third.dump');
    expect((await ops(url, undefined, 'backup', file)).code).toBe(0);
    // Since the backup: the address went out again, to a claim the backup does not hold.
    expect((await newClaim()).address).toBe(first.address);
    const restore = await ops(url, undefined, 'restore', file, '--force');
    expect(restore.code, restore.text).toBe(0);
    expect(restore.text).toMatch(/1 given again since/);
    // No free address and none to use again: refused rather than given a third time.
    const third = await call(test, 'POST', '/api/v1/claim/', await validClaim(test, 'LTC', 'SBERRUB'));
    expect(third.status).toBe(409);
  });

  it('refuses a file that is not a backup, changing nothing', async () => {
    const file = path.join(folder, 'not-a-backup.dump');
    writeFileSync(file, 'hello');
    const result = await ops(test.database.url, undefined, 'restore', file, '--force');
    expect(result.code).toBe(1);
    expect(result.text).toMatch(/is not a backup pg_restore can read/);
    expect((await call(test, 'GET', '/api/v1/calculator/')).status).toBe(200);
  });
});

describe('the client programs', () => {
  it('a server newer than every pg_dump here is refused with the version missing and where it looked', () => {
    expect(() => findTool('pg_dump', 99)).toThrow(MissingToolError);
    expect(() => findTool('pg_dump', 99)).toThrow(
      /pg_dump of PostgreSQL 99 or newer is needed.*postgresql-client-99.*PG_BIN_DIR/s,
    );
    expect(() => findTool('psql', 99, { PG_BIN_DIR: folder })).toThrow(/found: none/);
  });
});
