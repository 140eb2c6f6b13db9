// Background work of a server process: claim expiry, woken when the next unpaid claim falls due, the claim mail
// outbox (sent every few seconds), and the hourly retention pass. Referral rewards need no job: the completing move credits them (referralCredits).
import type pg from 'pg';
import type { Config } from '../config.ts';
import type { Db } from '../db/index.ts';
import { log } from '../log.ts';
import { expireClaims } from '../claims/expiry.ts';
import { nextExpiryDelay } from '../claims/expirySchedule.ts';
import { RETENTION_INTERVAL_MS, runRetention } from './retention.ts';
import { CLAIM_MAIL_POLL_MS, sendClaimMails } from '../claims/mailOutbox.ts';
import { scheduleJob } from './schedule.ts';
import { deliverWebhooks, WEBHOOK_POLL_MS } from '../partners/webhooks.ts';
import { startAlertJobs } from '../alerts/jobs.ts';

/** The first retention pass waits this long, so a starting server serves first. */
export const RETENTION_FIRST_DELAY_MS = 60_000;

export interface Jobs {
  /** Starts no more passes and waits for those under way (a mail being sent, an expiry batch). */
  stop(): Promise<void>;
}

export function startJobs(database: { db: Db; pool: pg.Pool }, config: Config): Jobs {
  const { db, pool } = database;
  const expiry = scheduleJob('claim expiry', async () => {
    const expired = await expireClaims(db);
    if (expired.length > 0) log.info(`expired ${expired.length} unpaid claim(s)`);
    return nextExpiryDelay(db, config.paymentWindowSeconds);
  });
  const claimMailing = scheduleJob('claim mails', async () => {
    await sendClaimMails(db, config);
    return CLAIM_MAIL_POLL_MS;
  });
  const partnerWebhooks = scheduleJob('partner webhooks', async () => {
    await deliverWebhooks(db);
    return WEBHOOK_POLL_MS;
  });
  const alerts = startAlertJobs(db, config);
  let retention: ReturnType<typeof scheduleJob> | null = null;
  const firstRetention = setTimeout(() => {
    retention = scheduleJob('retention', async () => {
      const report = await runRetention(db, pool, config.dataDir);
      if (report && Object.values(report).some((count) => count > 0)) log.info(`retention: ${JSON.stringify(report)}`);
      return RETENTION_INTERVAL_MS;
    });
  }, RETENTION_FIRST_DELAY_MS);
  firstRetention.unref();
  return {
    stop: async () => {
      clearTimeout(firstRetention);
      await Promise.all([expiry.stop(), claimMailing.stop(), partnerWebhooks.stop(), alerts.stop(), retention?.stop()]);
    },
  };
}
