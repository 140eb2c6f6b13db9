// Background work of a server process: claim expiry and referral accrual every few seconds.
import type { Config } from '../config.ts';
import type { Db } from '../db/index.ts';
import { log } from '../http/log.ts';
import { accrueReferrals } from './accrueReferrals.ts';
import { expireClaims } from './expireClaims.ts';

export const JOB_INTERVAL_MS = 2000;

export interface Jobs {
  stop(): void;
  /** One pass of every job (tests and the first tick). */
  runOnce(): Promise<void>;
}

export function startJobs(db: Db, _config: Config, intervalMs = JOB_INTERVAL_MS): Jobs {
  let running = false;
  let timer: NodeJS.Timeout | null = null;

  async function runOnce(): Promise<void> {
    const expired = await expireClaims(db);
    if (expired.length > 0) log.info(`expired ${expired.length} unpaid claim(s)`);
    const credited = await accrueReferrals(db);
    if (credited > 0) log.info(`credited ${credited} referral reward(s)`);
  }

  const tick = async () => {
    if (running) return;
    running = true;
    try {
      await runOnce();
    } catch (error) {
      log.error('background job failed', error);
    } finally {
      running = false;
    }
  };

  timer = setInterval(() => void tick(), intervalMs);
  timer.unref();
  void tick();
  return {
    stop: () => {
      if (timer) clearInterval(timer);
      timer = null;
    },
    runOnce,
  };
}
