// The claim-mail job sends with no transaction open: a short statement leases due mails, the mail travels, another
// statement stamps it. Two workers at once never send one mail twice; a worker that dies between sending and
// stamping leaves a lease that runs out, and the mail is sent again (at least once, never lost).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leaseDueMails, sendClaimMails } from '../../server/claims/mailOutbox.ts';
import type { OutgoingMail } from '../../server/mail/send.ts';
import { call, startTestApp, type TestApp } from './support/app.ts';
import { uniqueEmail } from './support/accounts.ts';
import { validClaim } from './support/claims.ts';

let test: TestApp;

beforeAll(async () => {
  test = await startTestApp();
  // Mails other files' claims left in the copied database are not this file's business.
  await sendClaimMails(test.database.db, test.config, { deliver: async () => true });
});
afterAll(async () => {
  await test.close();
});

async function createClaims(count: number): Promise<string[]> {
  const uuids: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const payload = await validClaim(test, 'BTC', 'SBERRUB', { email: uniqueEmail('lease'), fromSumma: '0.0125' });
    const reply = await call(test, 'POST', '/api/v1/claim/', payload);
    expect(reply.status).toBe(201);
    uuids.push(reply.body.uuid);
  }
  return uuids;
}

/** A transport that takes its time and notes every mail it was given, by claim link. */
function recordingTransport(sent: string[], delayMs = 5) {
  return async (mail: OutgoingMail) => {
    await new Promise((resolve) => setTimeout(resolve, delayMs));
    sent.push(mail.link);
    return true;
  };
}

async function unsentOf(uuids: string[]): Promise<number> {
  const result = await test.database.db.execute<{ n: number }>(sql`
    select count(*)::int as n from claim_mails
    where sent_at is null and claim_uuid in (select jsonb_array_elements_text(${JSON.stringify(uuids)}::jsonb)::uuid)`);
  return result.rows[0]!.n;
}

describe('the claim mail lease', () => {
  it('lets two workers running at once send every due mail exactly once', async () => {
    // More than one batch of 20, so both workers come back for more while the other is sending.
    const uuids = await createClaims(45);
    const sent: string[] = [];
    const [first, second] = await Promise.all([
      sendClaimMails(test.database.db, test.config, { deliver: recordingTransport(sent) }),
      sendClaimMails(test.database.db, test.config, { deliver: recordingTransport(sent) }),
    ]);
    const ours = sent.filter((link) => uuids.some((uuid) => link.endsWith(uuid)));
    expect(ours).toHaveLength(45);
    expect(new Set(ours).size).toBe(45);
    expect(first + second).toBe(sent.length);
    expect(first).toBeGreaterThan(0);
    expect(second).toBeGreaterThan(0);
    expect(await unsentOf(uuids)).toBe(0);
  });

  it('skips mails another worker holds, and sends again a mail whose worker died before stamping it', async () => {
    const [uuid] = await createClaims(1);
    const sent: string[] = [];
    // The worker sends, then dies before its stamp: the transport delivers and the process is gone.
    const crash = new Error('worker died');
    await expect(
      sendClaimMails(test.database.db, test.config, {
        deliver: async (mail) => {
          sent.push(mail.link);
          throw crash;
        },
      }),
    ).rejects.toBe(crash);
    expect(sent.filter((link) => link.endsWith(uuid!))).toHaveLength(1);
    expect(await unsentOf([uuid!])).toBe(1);

    // While the dead worker's lease lasts, another worker leaves the mail alone.
    expect(await sendClaimMails(test.database.db, test.config, { deliver: recordingTransport(sent) })).toBe(0);
    expect(await leaseDueMails(test.database.db, 60)).toEqual([]);

    // The lease runs out: the mail is due again, sent once more and stamped.
    await test.database.db.execute(
      sql`update claim_mails set leased_until = now() - interval '1 second' where claim_uuid = ${uuid!}::uuid`,
    );
    expect(await sendClaimMails(test.database.db, test.config, { deliver: recordingTransport(sent) })).toBe(1);
    expect(sent.filter((link) => link.endsWith(uuid!))).toHaveLength(2);
    expect(await unsentOf([uuid!])).toBe(0);
  });

  it('holds no transaction open while a mail is being sent', async () => {
    await createClaims(1);
    let openTransactions = -1;
    await sendClaimMails(test.database.db, test.config, {
      deliver: async () => {
        const result = await test.database.db.execute<{ n: number }>(sql`
          select count(*)::int as n from pg_stat_activity
          where datname = current_database() and pid <> pg_backend_pid() and xact_start is not null`);
        openTransactions = result.rows[0]!.n;
        return true;
      },
    });
    expect(openTransactions).toBe(0);
  });
});
