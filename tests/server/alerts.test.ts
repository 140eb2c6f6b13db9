// Operator alerts: a local server plays Telegram's Bot API and receives an alert for each kind, created through the
// API and SQL; a condition alerts once until it clears; switched-off kinds and quiet hours hold back what they
// should; no message carries a requisite, an e-mail or an address.
/* eslint-disable @typescript-eslint/no-explicit-any -- rows and replies are checked by the assertions */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { claimNumber } from '../../src/domain/claimNumber.ts';
import { deliverAlerts } from '../../server/alerts/deliver.ts';
import { purgeOperatorAlerts } from '../../server/alerts/retention.ts';
import { scanAlerts } from '../../server/alerts/scan.ts';
import { alertSettingsFrom, inQuietHours, type AlertSettings } from '../../server/alerts/settings.ts';
import type { OutgoingMail } from '../../server/mail/send.ts';
import { call, startTestApp, type TestApp } from './support/app.ts';
import { uniqueEmail } from './support/accounts.ts';
import { currencyId, validClaim } from './support/claims.ts';

let test: TestApp;
let botApi: Server;
let botUrl: string;
const received: { path: string; body: any }[] = [];
let botAnswers = 200;
const mails: OutgoingMail[] = [];

function settings(env: Record<string, string> = {}): AlertSettings {
  return alertSettingsFrom({
    TELEGRAM_BOT_TOKEN: '123:test-token',
    TELEGRAM_CHAT_ID: '-100500',
    TELEGRAM_API_URL: botUrl,
    ALERT_EMAILS: 'ops-alerts@exchanger.test',
    ...env,
  });
}

const NOON_MOSCOW = new Date('2026-11-26T09:00:00Z');
const NIGHT_MOSCOW = new Date('2026-11-26T23:00:00Z');

async function pass(env: Record<string, string> = {}, now = NOON_MOSCOW) {
  const chosen = settings(env);
  await scanAlerts(test.database.db, chosen);
  await deliverAlerts(test.database.db, test.config, chosen, {
    now: () => now,
    mail: async (mail) => {
      mails.push(mail);
      return true;
    },
  });
}

function texts(): string[] {
  return received.map((message) => message.body.text as string);
}

async function pausedDirection(): Promise<{ id: number; from: string; to: string }> {
  const rows = await test.database.db.execute<{ id: number; from: string; to: string }>(sql`
    select d.id, f.code as from, t.code as to from directions d
    join currencies f on f.id = d.from_id join currencies t on t.id = d.to_id
    where d.active order by d.id limit 1`);
  return rows.rows[0]!;
}

beforeAll(async () => {
  test = await startTestApp();
  botApi = createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk) => (raw += chunk));
    request.on('end', () => {
      if (botAnswers !== 200) {
        response.writeHead(botAnswers, { 'Content-Type': 'application/json' }).end('{"ok":false}');
        return;
      }
      received.push({ path: request.url ?? '', body: JSON.parse(raw) });
      response.writeHead(200, { 'Content-Type': 'application/json' }).end('{"ok":true,"result":{}}');
    });
  });
  await new Promise<void>((resolve) => botApi.listen(0, '127.0.0.1', resolve));
  botUrl = `http://127.0.0.1:${(botApi.address() as AddressInfo).port}`;
  // What the copied seed already holds is announced once here; each test looks at what it causes.
  await pass();
});
afterAll(async () => {
  await new Promise((resolve) => botApi.close(resolve));
  await test.close();
});
beforeEach(() => {
  received.length = 0;
  mails.length = 0;
  botAnswers = 200;
});

describe('operator alerts', () => {
  it('sends each kind to the Bot API and by e-mail, status only, once per condition', async () => {
    const db = test.database.db;
    const email = uniqueEmail('alerts');
    const payload = await validClaim(test, 'BTC', 'SBERRUB', { email, fromSumma: '0.0125' });
    const created = await call(test, 'POST', '/api/v1/claim/', payload);
    expect(created.status).toBe(201);
    const uuid: string = created.body.uuid;
    const number = claimNumber(uuid);
    const address = (
      await db.execute<{ address: string }>(sql`select address from deposit_addresses where claim_uuid = ${uuid}`)
    ).rows[0]?.address;
    const btc = await currencyId(db, 'BTC');
    const txHash = 'ab'.repeat(32);
    await db.execute(sql`insert into chain_deposits (claim_uuid, currency_id, address, tx_hash, output_index, amount, status)
      values (${uuid}, ${btc}, ${address ?? 'bc1qexampleaddressnotreal'}, ${txHash}, 0, '0.0125', 'seen')`);
    // Paid two hours ago and still waiting for an operator.
    await db.execute(sql`update claims set status = 'paid' where uuid = ${uuid}`);
    await db.execute(sql`insert into claim_events (claim_uuid, at, from_status, to_status, actor)
      values (${uuid}, now() - interval '2 hours', 'awaiting_payment', 'paid', 'client')`);
    const direction = await pausedDirection();
    await db.execute(sql`update directions set paused = true where id = ${direction.id}`);
    await db.execute(sql`insert into direction_formulas (direction_id, course_formula, held_course, held_at)
      values (${direction.id}, '1', '2', now())
      on conflict (direction_id) do update set held_course = '2', held_at = now()`);
    const rub = await currencyId(db, 'SBERRUB');
    await db.execute(
      sql`update reserves set amount = (select held from reserve_balances where currency_id = ${rub}) where currency_id = ${rub}`,
    );
    await db.execute(sql`insert into export_withheld (direction_id, reason, detail) values (${direction.id}, 'course', 'test')`);

    // A threshold above any pool's size makes every imported pool "running low".
    await pass({ ALERT_POOL_MIN_FREE: '1000000' });
    const sent = texts();
    expect(received.every((message) => message.path === '/bot123:test-token/sendMessage')).toBe(true);
    expect(received.every((message) => message.body.chat_id === '-100500')).toBe(true);
    expect(sent).toContainEqual(expect.stringMatching(new RegExp(`^Новая заявка ${number}: BTC → SBERRUB`)));
    expect(sent).toContain(`Замечен платёж по заявке ${number} (BTC), депозит: seen.`);
    expect(sent).toContainEqual(expect.stringMatching(new RegExp(`^Заявка ${number} ждёт оператора 1\\d\\d мин\\. в статусе paid`)));
    expect(sent).toContain(`Направление ${direction.from} → ${direction.to} приостановлено: курс устарел.`);
    expect(sent).toContain(`Скачок курса ${direction.from} → ${direction.to} задержан и ждёт решения оператора.`);
    expect(sent).toContainEqual(expect.stringMatching(/^Резерв SBERRUB ниже порога: свободно 0%/));
    expect(sent).toContainEqual(expect.stringMatching(/^Адреса для депозитов \S+ заканчиваются: свободно \d+ \(порог 1000000\)/));
    expect(sent).toContain(`Направление ${direction.from} → ${direction.to} не выгружено мониторингам: расхождение (course).`);
    expect(mails.map((mail) => mail.text).sort()).toEqual([...sent].sort());
    expect(mails.every((mail) => mail.to === 'ops-alerts@exchanger.test')).toBe(true);

    // Nothing personal or payable in any message: no requisite, e-mail, address, transaction or amount.
    const secrets = [
      email,
      txHash,
      '0.0125',
      ...(address ? [address] : []),
      ...Object.values(payload.fromRequisites),
      ...Object.values(payload.toRequisites),
    ];
    for (const text of [...sent, ...mails.map((mail) => mail.text + mail.html + mail.subject)]) {
      for (const secret of secrets) expect(text).not.toContain(secret);
      expect(text).not.toMatch(/@/);
    }

    // Conditions still holding are not announced again; one that clears and comes back is.
    received.length = 0;
    await pass({ ALERT_POOL_MIN_FREE: '1000000' });
    expect(texts().filter((text) => !text.startsWith('Адреса'))).toEqual([]);
    await db.execute(sql`update directions set paused = false where id = ${direction.id}`);
    await pass();
    await db.execute(sql`update directions set paused = true where id = ${direction.id}`);
    await pass();
    expect(texts().filter((text) => text.includes('приостановлено'))).toHaveLength(1);
    await db.execute(sql`update directions set paused = false where id = ${direction.id}`);
    await db.execute(sql`update direction_formulas set held_course = null where direction_id = ${direction.id}`);
    await db.execute(sql`update export_withheld set resolved_at = now() where direction_id = ${direction.id}`);
    await pass();
  });

  it('writes and sends only the kinds switched on, in the language chosen', async () => {
    const direction = await pausedDirection();
    await test.database.db.execute(sql`update directions set paused = true where id = ${direction.id}`);
    await test.database.db.execute(sql`insert into export_withheld (direction_id, reason, detail)
      values (${direction.id}, 'limits', 'test')`);
    await pass({ ALERT_KINDS: 'export_withheld', ALERT_LOCALE: 'en' });
    expect(texts()).toEqual([
      `Direction ${direction.from} → ${direction.to} is withheld from the monitors’ export: it disagrees (limits).`,
    ]);
    const written = await test.database.db.execute<{ n: number }>(sql`
      select count(*)::int as n from operator_alerts where kind = 'rate_paused' and cleared_at is null`);
    expect(written.rows[0]!.n).toBe(0);
    await test.database.db.execute(sql`update directions set paused = false where id = ${direction.id}`);
    await test.database.db.execute(sql`update export_withheld set resolved_at = now() where direction_id = ${direction.id}`);
    await pass();
  });

  it('holds all but critical alerts in quiet hours (Moscow time) and sends them after', async () => {
    expect(inQuietHours({ from: 23, to: 8 }, NIGHT_MOSCOW)).toBe(true);
    expect(inQuietHours({ from: 23, to: 8 }, NOON_MOSCOW)).toBe(false);
    const direction = await pausedDirection();
    const db = test.database.db;
    await db.execute(sql`update directions set paused = true where id = ${direction.id}`);
    // The reserve left low by the first test alerts anew once its earlier alert is taken as cleared.
    await db.execute(sql`update operator_alerts set cleared_at = now() where kind = 'reserve_low'`);
    await pass({ ALERT_QUIET_HOURS: '23-8' }, NIGHT_MOSCOW);
    expect(texts().some((text) => text.startsWith('Резерв'))).toBe(true);
    expect(texts().some((text) => text.includes('приостановлено'))).toBe(false);
    received.length = 0;
    await pass({ ALERT_QUIET_HOURS: '23-8' }, NOON_MOSCOW);
    expect(texts()).toContain(`Направление ${direction.from} → ${direction.to} приостановлено: курс устарел.`);
    await db.execute(sql`update directions set paused = false where id = ${direction.id}`);
    await pass();
  });

  it('retries a send the Bot API refused, without sending it twice by e-mail', async () => {
    const direction = await pausedDirection();
    const db = test.database.db;
    await db.execute(sql`update directions set paused = true where id = ${direction.id}`);
    botAnswers = 502;
    await pass();
    const failed = await db.execute<any>(sql`select * from operator_alerts
      where kind = 'rate_paused' and dedupe_key = ${`rate_paused:${direction.id}`} and cleared_at is null`);
    expect(failed.rows[0]).toMatchObject({ sent_at: null, telegram_sent_at: null, attempts: 1 });
    expect(failed.rows[0].email_sent_at).not.toBeNull();
    expect(mails).toHaveLength(1);
    botAnswers = 200;
    mails.length = 0;
    await db.execute(sql`update operator_alerts set next_attempt_at = now() where id = ${failed.rows[0].id}`);
    await pass();
    expect(texts()).toContain(`Направление ${direction.from} → ${direction.to} приостановлено: курс устарел.`);
    expect(mails).toHaveLength(0);
    await db.execute(sql`update directions set paused = false where id = ${direction.id}`);
    await pass();
  });

  it('deletes alerts a month after they went out, never one whose condition still holds', async () => {
    const db = test.database.db;
    await db.execute(sql`insert into operator_alerts (kind, dedupe_key, params, sent_at, cleared_at) values
      ('new_claim', 'retention:old-event', '{}', now() - interval '40 days', null),
      ('rate_paused', 'retention:old-holding', '{}', now() - interval '40 days', null),
      ('rate_paused', 'retention:old-cleared', '{}', now() - interval '40 days', now() - interval '39 days'),
      ('new_claim', 'retention:recent', '{}', now() - interval '2 days', null)`);
    expect(await purgeOperatorAlerts(db, new Date(Date.now() - 30 * 86_400_000))).toBe(2);
    const left = await db.execute<{ dedupe_key: string }>(sql`
      select dedupe_key from operator_alerts where dedupe_key like 'retention:%' order by dedupe_key`);
    expect(left.rows.map((row) => row.dedupe_key)).toEqual(['retention:old-holding', 'retention:recent']);
  });
});
