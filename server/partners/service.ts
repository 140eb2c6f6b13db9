// Partners of the partner API: created, revoked and listed by an operator (the key is printed once and kept as its
// SHA-256), found by their key on each request, and given a webhook (its signing secret printed once). Every change
// is audited in its transaction.
import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/index.ts';
import { partnerWebhookAttempts, partners, partnerWebhooks, type PartnerRow } from '../db/schema/partners.ts';
import { users } from '../db/schema/users.ts';
import { audited, type Actor } from '../backoffice/audit.ts';

export class PartnerError extends Error {}

export function hashKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

const NAME_PATTERN = /^[a-z0-9][a-z0-9._-]{1,63}$/i;

export interface NewPartner {
  name: string;
  /** E-mail of the account rewards are credited to. */
  rewardsTo?: string | null;
  requestsPerMinute?: number;
  allowedIps?: string[] | null;
}

/** Creates a partner and answers its API key, which is not kept and cannot be shown again. */
export async function createPartner(db: Db, actor: Actor, input: NewPartner): Promise<{ key: string }> {
  if (!NAME_PATTERN.test(input.name)) throw new PartnerError('a partner name is 2 to 64 letters, digits, . _ -');
  const key = `pk_${randomBytes(24).toString('base64url')}`;
  return audited(db, actor, async (tx) => {
    let userId: number | null = null;
    if (input.rewardsTo) {
      const [owner] = await tx
        .select({ id: users.id })
        .from(users)
        .where(eq(users.email, input.rewardsTo.toLowerCase()));
      if (!owner) throw new PartnerError(`no account ${input.rewardsTo}`);
      userId = owner.id;
    }
    const [taken] = await tx.select({ id: partners.id }).from(partners).where(eq(partners.name, input.name));
    if (taken) throw new PartnerError(`a partner ${input.name} exists`);
    const [row] = await tx
      .insert(partners)
      .values({
        name: input.name,
        keyHash: hashKey(key),
        keyPrefix: key.slice(0, 10),
        userId,
        requestsPerMinute: input.requestsPerMinute ?? 120,
        allowedIps: input.allowedIps ?? null,
      })
      .returning();
    return {
      result: { key },
      audit: {
        action: 'partner.create',
        target: `partner:${row!.id}`,
        after: { name: row!.name, keyPrefix: row!.keyPrefix, userId, allowedIps: row!.allowedIps },
      },
    };
  });
}

async function partnerNamed(db: Db, name: string): Promise<PartnerRow> {
  const [row] = await db.select().from(partners).where(eq(partners.name, name));
  if (!row) throw new PartnerError(`no partner ${name}`);
  return row;
}

export async function revokePartner(db: Db, actor: Actor, name: string): Promise<void> {
  await audited(db, actor, async (tx) => {
    const row = await partnerNamed(tx, name);
    await tx
      .update(partners)
      .set({ revokedAt: sql`now()` })
      .where(eq(partners.id, row.id));
    return { result: null, audit: { action: 'partner.revoke', target: `partner:${row.id}`, before: { name } } };
  });
}

/** Registers (or replaces) the partner's webhook URL and answers its new signing secret, shown this once. */
export async function setWebhook(db: Db, actor: Actor, name: string, url: string): Promise<{ secret: string }> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new PartnerError(`not a URL: ${url}`);
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') throw new PartnerError('the webhook URL is http(s)');
  const secret = `whsec_${randomBytes(24).toString('base64url')}`;
  return audited(db, actor, async (tx) => {
    const row = await partnerNamed(tx, name);
    await tx
      .update(partners)
      .set({ webhookUrl: parsed.toString(), webhookSecret: secret })
      .where(eq(partners.id, row.id));
    return {
      result: { secret },
      audit: {
        action: 'partner.webhook',
        target: `partner:${row.id}`,
        before: { url: row.webhookUrl },
        after: { url: parsed.toString() },
      },
    };
  });
}

export async function listPartners(db: Db): Promise<PartnerRow[]> {
  return db.select().from(partners).orderBy(partners.name);
}

/** The partner holding `key`, unless it was revoked. */
export async function partnerByKey(db: Db, key: string): Promise<PartnerRow | null> {
  const [row] = await db
    .select()
    .from(partners)
    .where(and(eq(partners.keyHash, hashKey(key)), isNull(partners.revokedAt)));
  return row ?? null;
}

export interface DeliveryLine {
  id: number;
  claimUuid: string;
  toStatus: string;
  attempts: number;
  deliveredAt: Date | null;
  failedAt: Date | null;
  nextAttemptAt: Date;
  lastStatus: number | null;
  lastError: string | null;
}

/** The partner's newest webhooks with their delivery state and last attempt: what the operator checks. */
export async function webhookDeliveries(db: Db, name: string, limit = 50): Promise<DeliveryLine[]> {
  const row = await partnerNamed(db, name);
  const last = db
    .select({
      webhookId: partnerWebhookAttempts.webhookId,
      httpStatus: partnerWebhookAttempts.httpStatus,
      error: partnerWebhookAttempts.error,
    })
    .from(partnerWebhookAttempts)
    .where(sql`${partnerWebhookAttempts.webhookId} = ${partnerWebhooks.id}`)
    .orderBy(desc(partnerWebhookAttempts.id))
    .limit(1)
    .as('last');
  const rows = await db
    .select({
      id: partnerWebhooks.id,
      claimUuid: partnerWebhooks.claimUuid,
      toStatus: partnerWebhooks.toStatus,
      attempts: partnerWebhooks.attempts,
      deliveredAt: partnerWebhooks.deliveredAt,
      failedAt: partnerWebhooks.failedAt,
      nextAttemptAt: partnerWebhooks.nextAttemptAt,
      lastStatus: last.httpStatus,
      lastError: last.error,
    })
    .from(partnerWebhooks)
    .leftJoinLateral(last, sql`true`)
    .where(eq(partnerWebhooks.partnerId, row.id))
    .orderBy(desc(partnerWebhooks.id))
    .limit(limit);
  return rows;
}
