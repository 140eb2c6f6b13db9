// Delivers the partner webhook outbox (partner_webhooks, written by triggers in the transaction of each status
// change): at least once, in order per claim, safe on several instances. An instance leases the due rows that are
// the oldest pending one of their claim (FOR UPDATE SKIP LOCKED), POSTs each with no transaction open, then stamps
// it; a lease that runs out (the instance died mid-send) lets another instance send the row again. A failed
// delivery is retried after 10 s, 30 s, 1, 5, 15, 30 min, 1, 2, 4 and 8 h, and every 8 h after that until a day has
// passed since the change; then it is given up and the claim's later changes go on.
import { createHmac } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/index.ts';
import { partnerWebhookAttempts } from '../db/schema/partners.ts';
import { log } from '../log.ts';

/** Seconds before the next attempt after the 1st, 2nd, … failure (the last one repeats). */
export const RETRY_DELAYS_SECONDS = [10, 30, 60, 300, 900, 1800, 3600, 7200, 14400, 28800] as const;
/** A change not delivered within this long after it happened is given up. */
export const GIVE_UP_AFTER_SECONDS = 24 * 60 * 60;
export const WEBHOOK_POLL_MS = 2000;
const LEASE_SECONDS = 60;
const SEND_TIMEOUT_MS = 10_000;
const BATCH = 20;

export const SIGNATURE_HEADER = 'Webhook-Signature';

/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>" under the secret>`. */
export function signature(secret: string, body: string, unixSeconds: number): string {
  const mac = createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex');
  return `t=${unixSeconds},v1=${mac}`;
}

type LeasedWebhook = {
  id: number;
  claim_uuid: string;
  from_status: string | null;
  to_status: string;
  occurred_at: Date | string;
  attempts: number;
  webhook_url: string | null;
  webhook_secret: string | null;
};

async function leaseDue(db: Db): Promise<LeasedWebhook[]> {
  const result = await db.execute<LeasedWebhook>(sql`
    update partner_webhooks w set lease_until = now() + make_interval(secs => ${LEASE_SECONDS})
    from partners p
    where p.id = w.partner_id and w.id in (
      select o.id from partner_webhooks o
      where o.delivered_at is null and o.failed_at is null and o.next_attempt_at <= now()
        and (o.lease_until is null or o.lease_until < now())
        and not exists (
          select 1 from partner_webhooks e
          where e.claim_uuid = o.claim_uuid and e.id < o.id and e.delivered_at is null and e.failed_at is null)
      order by o.id
      limit ${BATCH}
      for update of o skip locked)
    returning w.id, w.claim_uuid, w.from_status, w.to_status, w.occurred_at, w.attempts, p.webhook_url, p.webhook_secret`);
  return result.rows;
}

export function webhookBody(
  row: Pick<LeasedWebhook, 'id' | 'claim_uuid' | 'from_status' | 'to_status' | 'occurred_at'>,
) {
  return JSON.stringify({
    id: Number(row.id),
    type: 'claim.status_changed',
    occurredAt: new Date(row.occurred_at).toISOString(),
    claim: { uuid: row.claim_uuid, status: row.to_status, previousStatus: row.from_status },
  });
}

async function send(row: LeasedWebhook): Promise<{ httpStatus: number | null; error: string | null }> {
  if (!row.webhook_url || !row.webhook_secret) return { httpStatus: null, error: 'the partner has no webhook now' };
  const body = webhookBody(row);
  try {
    const answer = await fetch(row.webhook_url, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'Webhook-Id': String(row.id),
        [SIGNATURE_HEADER]: signature(row.webhook_secret, body, Math.floor(Date.now() / 1000)),
      },
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    });
    await answer.body?.cancel();
    return answer.ok
      ? { httpStatus: answer.status, error: null }
      : { httpStatus: answer.status, error: 'not a 2xx answer' };
  } catch (error) {
    return { httpStatus: null, error: error instanceof Error ? error.message : String(error) };
  }
}

async function stamp(db: Db, row: LeasedWebhook, outcome: { httpStatus: number | null; error: string | null }) {
  await db.insert(partnerWebhookAttempts).values({ webhookId: row.id, ...outcome });
  if (outcome.error === null) {
    await db.execute(sql`update partner_webhooks set delivered_at = now(), attempts = attempts + 1, lease_until = null
      where id = ${row.id}`);
    return;
  }
  const delay = RETRY_DELAYS_SECONDS[Math.min(row.attempts, RETRY_DELAYS_SECONDS.length - 1)]!;
  await db.execute(sql`update partner_webhooks set attempts = attempts + 1, lease_until = null,
      next_attempt_at = now() + make_interval(secs => ${delay}),
      failed_at = case when now() + make_interval(secs => ${delay}) > occurred_at + make_interval(secs => ${GIVE_UP_AFTER_SECONDS})
        then now() end
    where id = ${row.id}`);
}

/** Sends what is due, batch after batch, until nothing is; answers how many were delivered. */
export async function deliverWebhooks(db: Db): Promise<number> {
  let delivered = 0;
  for (;;) {
    const due = await leaseDue(db);
    if (due.length === 0) return delivered;
    // Different claims side by side; one claim has at most one row leased at a time.
    const outcomes = await Promise.all(
      due.map(async (row) => {
        const outcome = await send(row);
        await stamp(db, row, outcome);
        if (outcome.error !== null) log.warn(`partner webhook ${row.id} not delivered: ${outcome.error}`);
        return outcome.error === null;
      }),
    );
    delivered += outcomes.filter(Boolean).length;
  }
}
