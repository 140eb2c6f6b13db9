// The retention pass deletes exactly what the policy names (expired refresh tokens, spent or expired mail tokens,
// idempotency keys past 24 h, rate-limit windows a day old, course history past a year, outbox files past a week)
// and keeps the rest, the business record above all; two instances never run a pass at once.
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxDir } from '../../server/mail/send.ts';
import { OUTBOX_DAYS, RATE_HISTORY_DAYS, RETENTION_LOCK, runRetention } from '../../server/jobs/retention.ts';
import { call, startTestApp, type TestApp } from './support/app.ts';
import { validClaim } from './support/claims.ts';

let test: TestApp;

beforeAll(async () => {
  test = await startTestApp();
});
afterAll(async () => {
  await test.close();
});

const DAY_MS = 24 * 60 * 60 * 1000;

async function countOf(query: ReturnType<typeof sql>): Promise<number> {
  const result = await test.database.db.execute<{ n: number }>(query);
  return Number(result.rows[0]!.n);
}

async function seedRows(): Promise<{ userId: number; claimUuid: string }> {
  const db = test.database.db;
  const [user] = (
    await db.execute<{ id: number }>(sql`
      insert into users (email, password_hash, activated, referral_code)
      values (${`retention-${randomUUID()}@example.com`}, 'unused', true, ${`RET${randomUUID().slice(0, 8)}`}) returning id`)
  ).rows;
  const userId = user!.id;
  const token = (name: string, expires: string, used: string | null) => sql`
    insert into refresh_tokens (user_id, family_id, token_hash, expires_at, session_expires_at, used_at)
    values (${userId}, ${randomUUID()}::uuid, ${`${name}-${randomUUID()}`}, now() + ${expires}::interval,
      now() + interval '30 days', case when ${used}::text is null then null else now() + ${used}::interval end)`;
  await db.execute(token('refresh-expired', '-1 hour', null));
  await db.execute(token('refresh-spent-expired', '-1 minute', '-2 hours'));
  await db.execute(token('refresh-spent-live', '3 days', '-1 hour'));
  await db.execute(token('refresh-live', '7 days', null));
  const mail = (name: string, expires: string, used: string | null) => sql`
    insert into mail_tokens (user_id, purpose, token_hash, expires_at, used_at)
    values (${userId}, 'activation', ${`${name}-${randomUUID()}`}, now() + ${expires}::interval,
      case when ${used}::text is null then null else now() + ${used}::interval end)`;
  await db.execute(mail('mail-expired', '-1 hour', null));
  await db.execute(mail('mail-used', '1 day', '-1 minute'));
  await db.execute(mail('mail-live', '1 day', null));
  const [operator] = (
    await db.execute<{ id: number }>(sql`
      insert into operators (email, password_hash, totp_secret) values (${`ops-${randomUUID()}@example.com`}, 'unused', 'SECRET')
      returning id`)
  ).rows;
  for (const [name, lastSeen, revoked] of [
    ['ops-live', '5 minutes', null],
    ['ops-revoked', '2 days', '2 days'],
    ['ops-revoked-today', '1 hour', '1 hour'],
    ['ops-idle', '2 days', null],
  ] as const) {
    await db.execute(sql`
      insert into operator_sessions (token_hash, operator_id, last_seen_at, revoked_at)
      values (${`${name}-${randomUUID()}`}, ${operator!.id}, now() - ${lastSeen}::interval,
        case when ${revoked}::text is null then null else now() - ${revoked}::interval end)`);
  }
  for (const age of ['25 hours', '23 hours']) {
    await db.execute(sql`
      insert into idempotency_keys (scope, key, request_hash, status, body, created_at)
      values ('ip:retention', ${`key-${age}`}, 'hash', 201, '{}'::jsonb, now() - ${age}::interval)`);
  }
  for (const age of ['2 days', '1 minute']) {
    await db.execute(sql`
      insert into rate_limit_hits (bucket, window_start, hits) values ('retention|1.2.3.4', now() - ${age}::interval, 3)`);
  }
  for (const days of [RATE_HISTORY_DAYS + 1, RATE_HISTORY_DAYS - 1]) {
    await db.execute(sql`
      insert into rate_history (direction_id, course, inputs, at)
      select id, 1, '{}'::jsonb, now() - make_interval(days => ${days}) from directions order by id limit 1`);
  }
  const payload = await validClaim(test, 'USDTTRC20', 'SBERRUB', { fromSumma: '25' });
  const claimUuid = (await call(test, 'POST', '/api/v1/claim/', payload)).body.uuid as string;
  // An old claim with its events: the business record, never purged.
  await db.execute(sql`update claims set created_at = now() - interval '3 years', status = 'expired' where uuid = ${claimUuid}`);
  await db.execute(sql`
    insert into claim_events (claim_uuid, at, from_status, to_status, actor)
    values (${claimUuid}, now() - interval '3 years', 'awaiting_payment', 'expired', 'system')`);
  return { userId, claimUuid };
}

describe('runRetention', () => {
  it('deletes what the policy names and keeps the rest', async () => {
    const { userId, claimUuid } = await seedRows();
    const outbox = outboxDir(test.config.dataDir);
    mkdirSync(outbox, { recursive: true });
    const [oldMail, newMail] = [path.join(outbox, 'old-activation.json'), path.join(outbox, 'new-activation.json')];
    writeFileSync(oldMail, '{}');
    writeFileSync(newMail, '{}');
    const longAgo = new Date(Date.now() - (OUTBOX_DAYS + 1) * DAY_MS);
    utimesSync(oldMail, longAgo, longAgo);

    const report = await runRetention(test.database.db, test.database.pool, test.config.dataDir);
    expect(report).not.toBeNull();
    expect(report!.outboxFiles).toBe(1);

    const tokens = await test.database.db.execute<{ token_hash: string }>(
      sql`select token_hash from refresh_tokens where user_id = ${userId} order by token_hash`,
    );
    // A spent token stays until it expires: presented again meanwhile, it still revokes its family.
    expect(tokens.rows.map((row) => row.token_hash.split('-').slice(0, -5).join('-'))).toEqual(['refresh-live', 'refresh-spent-live']);
    const mails = await test.database.db.execute<{ token_hash: string }>(
      sql`select token_hash from mail_tokens where user_id = ${userId}`,
    );
    expect(mails.rows.map((row) => row.token_hash.split('-').slice(0, 2).join('-'))).toEqual(['mail-live']);
    const sessions = await test.database.db.execute<{ token_hash: string }>(
      sql`select token_hash from operator_sessions where token_hash like 'ops-%' order by token_hash`,
    );
    expect(sessions.rows.map((row) => row.token_hash.split('-').slice(0, -5).join('-'))).toEqual(['ops-live', 'ops-revoked-today']);
    expect(await countOf(sql`select count(*) as n from idempotency_keys where scope = 'ip:retention'`)).toBe(1);
    expect(await countOf(sql`select count(*) as n from idempotency_keys where key = 'key-23 hours'`)).toBe(1);
    expect(await countOf(sql`select count(*) as n from rate_limit_hits where bucket = 'retention|1.2.3.4'`)).toBe(1);
    expect(await countOf(sql`select count(*) as n from rate_history where at < now() - make_interval(days => ${RATE_HISTORY_DAYS})`)).toBe(0);
    expect(await countOf(sql`select count(*) as n from rate_history where at > now() - make_interval(days => ${RATE_HISTORY_DAYS})`)).toBeGreaterThanOrEqual(1);
    expect(existsSync(oldMail)).toBe(false);
    expect(existsSync(newMail)).toBe(true);
    expect(await countOf(sql`select count(*) as n from claims where uuid = ${claimUuid}`)).toBe(1);
    expect(await countOf(sql`select count(*) as n from claim_events where claim_uuid = ${claimUuid}`)).toBeGreaterThanOrEqual(1);

    // Nothing left to do: a second pass deletes nothing.
    const again = await runRetention(test.database.db, test.database.pool, test.config.dataDir);
    expect(Object.values(again!).every((count) => count === 0)).toBe(true);
  });

  it('skips the pass while another instance runs one', async () => {
    const holder = await test.database.pool.connect();
    try {
      await holder.query('select pg_advisory_lock($1::bigint)', [RETENTION_LOCK.toString()]);
      expect(await runRetention(test.database.db, test.database.pool, test.config.dataDir)).toBeNull();
      await holder.query('select pg_advisory_unlock($1::bigint)', [RETENTION_LOCK.toString()]);
      expect(await runRetention(test.database.db, test.database.pool, test.config.dataDir)).not.toBeNull();
    } finally {
      holder.release();
    }
  });
});
