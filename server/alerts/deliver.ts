// Sends the operator alert outbox with no transaction open: one statement leases due rows (FOR UPDATE SKIP LOCKED,
// so instances never share a row), each is sent to Telegram and by e-mail, then stamped per channel in a statement
// of its own. A failed channel is retried after 30 s, 1, 2, 5, 15, 30 min, then hourly, for a day; a channel that
// already has the alert is not sent it again. In quiet hours only critical kinds are leased: the others wait in
// the outbox and go out when the quiet hours end, unless their condition cleared meanwhile (then they are dropped).
import { sql } from 'drizzle-orm';
import type { Config } from '../config.ts';
import type { Db } from '../db/index.ts';
import { mailSettingsOf, sendMail, type OutgoingMail } from '../mail/send.ts';
import { translate } from '../i18n/translate.ts';
import { log } from '../log.ts';
import { CRITICAL_KINDS, type AlertKind, type AlertParams } from './kinds.ts';
import { alertText } from './messages.ts';
import { inQuietHours, type AlertSettings } from './settings.ts';

export const ALERT_SEND_POLL_MS = 5_000;
export const ALERT_RETRY_SECONDS = [30, 60, 120, 300, 900, 1800, 3600] as const;
const GIVE_UP_AFTER_SECONDS = 24 * 60 * 60;
const LEASE_SECONDS = 120;
const SEND_TIMEOUT_MS = 10_000;
const BATCH = 20;

type LeasedAlert = {
  id: number;
  kind: AlertKind;
  params: AlertParams;
  attempts: number;
  telegram_sent_at: Date | null;
  email_sent_at: Date | null;
};

function list(values: readonly string[]) {
  return sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  );
}

/** Unsent alerts of switched-off kinds, or whose condition cleared before they went out, are not sent. */
async function dropStale(db: Db, settings: AlertSettings): Promise<void> {
  const enabled = [...settings.kinds];
  await db.execute(sql`update operator_alerts set dropped_at = now(), lease_until = null
    where sent_at is null and dropped_at is null
      and (cleared_at is not null ${enabled.length > 0 ? sql`or kind not in (${list(enabled)})` : sql`or true`})`);
}

async function leaseDue(db: Db, quiet: boolean): Promise<LeasedAlert[]> {
  const result = await db.execute<LeasedAlert>(sql`
    update operator_alerts set lease_until = now() + make_interval(secs => ${LEASE_SECONDS})
    where id in (
      select id from operator_alerts
      where sent_at is null and dropped_at is null and next_attempt_at <= now()
        and (lease_until is null or lease_until < now())
        ${quiet ? sql`and kind in (${list(CRITICAL_KINDS)})` : sql``}
      order by id
      limit ${BATCH}
      for update skip locked)
    returning id, kind, params, attempts, telegram_sent_at, email_sent_at`);
  return result.rows.sort((a, b) => Number(a.id) - Number(b.id));
}

async function sendTelegram(telegram: NonNullable<AlertSettings['telegram']>, text: string): Promise<boolean> {
  try {
    const answer = await fetch(`${telegram.apiUrl}/bot${telegram.token}/sendMessage`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ chat_id: telegram.chatId, text }),
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    });
    const body = (await answer.json().catch(() => null)) as { ok?: boolean } | null;
    return answer.ok && body?.ok === true;
  } catch (error) {
    log.warn(`operator alert to Telegram failed: ${error instanceof Error ? error.message : String(error)}`);
    return false;
  }
}

async function recipients(db: Db, settings: AlertSettings): Promise<string[]> {
  if (settings.emails !== 'operators') return settings.emails ?? [];
  const rows = await db.execute<{ email: string }>(sql`select email from operators where not disabled order by id`);
  return rows.rows.map((row) => row.email);
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

async function sendEmails(
  addresses: string[],
  settings: AlertSettings,
  deliver: (mail: OutgoingMail) => Promise<boolean>,
  text: string,
): Promise<boolean> {
  const subject = translate(settings.locale, /*i18n*/ { id: 'alerts.mail.subject', message: 'Exchanger alert' });
  const sent = await Promise.all(
    addresses.map((to) =>
      deliver({ kind: 'operator_alert', locale: settings.locale, to, subject, text, html: `<p>${escapeHtml(text)}</p>`, link: '' }),
    ),
  );
  return sent.every(Boolean);
}

async function stamp(db: Db, row: LeasedAlert, telegramDone: boolean, emailDone: boolean): Promise<void> {
  const delay = ALERT_RETRY_SECONDS[Math.min(row.attempts, ALERT_RETRY_SECONDS.length - 1)]!;
  await db.execute(sql`update operator_alerts set
      attempts = attempts + 1, lease_until = null,
      telegram_sent_at = case when ${telegramDone}::boolean and telegram_sent_at is null then now() else telegram_sent_at end,
      email_sent_at = case when ${emailDone}::boolean and email_sent_at is null then now() else email_sent_at end,
      sent_at = case when ${telegramDone && emailDone}::boolean then now() end,
      last_error = case when ${telegramDone && emailDone}::boolean then null
        else ${!telegramDone ? 'Telegram did not take it' : 'a mail was not sent'} end,
      next_attempt_at = now() + make_interval(secs => ${delay}),
      dropped_at = case when not ${telegramDone && emailDone}::boolean
        and created_at < now() - make_interval(secs => ${GIVE_UP_AFTER_SECONDS}) then now() end
    where id = ${row.id}`);
}

export interface DeliverOptions {
  now?: () => Date;
  /** Sends one mail (default: the server's sendMail). */
  mail?: (mail: OutgoingMail) => Promise<boolean>;
}

/** Sends every due alert; answers how many went out on every channel. */
export async function deliverAlerts(
  db: Db,
  config: Config,
  settings: AlertSettings,
  options: DeliverOptions = {},
): Promise<number> {
  const mail = options.mail ?? ((message: OutgoingMail) => sendMail(mailSettingsOf(config), message));
  await dropStale(db, settings);
  const quiet = inQuietHours(settings.quietHours, (options.now ?? (() => new Date()))());
  const addresses = settings.emails === null ? [] : await recipients(db, settings);
  let sent = 0;
  for (;;) {
    const due = await leaseDue(db, quiet);
    if (due.length === 0) return sent;
    for (const row of due) {
      const text = translate(settings.locale, alertText(row.kind, row.params));
      const telegramDone =
        settings.telegram === null || row.telegram_sent_at !== null || (await sendTelegram(settings.telegram, text));
      const emailDone = row.email_sent_at !== null || (await sendEmails(addresses, settings, mail, text));
      await stamp(db, row, telegramDone, emailDone);
      if (telegramDone && emailDone) sent += 1;
      else log.warn(`operator alert ${row.id} (${row.kind}) not sent on every channel; retried later`);
    }
  }
}
