// The two alert jobs of a server process: scanning for conditions and sending the outbox. Neither runs when no
// channel is set (no Telegram bot, no ALERT_EMAILS): then nothing is written either.
import type { Config } from '../config.ts';
import type { Db } from '../db/index.ts';
import { scheduleJob, type ScheduledJob } from '../jobs/schedule.ts';
import { log } from '../log.ts';
import { ALERT_SEND_POLL_MS, deliverAlerts } from './deliver.ts';
import { ALERT_SCAN_MS, scanAlerts } from './scan.ts';
import { alertsConfigured } from './settings.ts';

export function startAlertJobs(db: Db, config: Config): ScheduledJob {
  if (!alertsConfigured(config.alerts)) return { stop: async () => {} };
  const scanning = scheduleJob('alert scan', async () => {
    const written = await scanAlerts(db, config.alerts);
    if (written) log.info(`${written} operator alert(s) to send`);
    return ALERT_SCAN_MS;
  });
  const sending = scheduleJob('alert sending', async () => {
    await deliverAlerts(db, config, config.alerts);
    return ALERT_SEND_POLL_MS;
  });
  return { stop: async () => void (await Promise.all([scanning.stop(), sending.stop()])) };
}
