// The rates refresh on a timer in every server process. Each instance sleeps until the shared slot's next
// period; whichever instance comes first takes it, the others find it taken and sleep again (one fetch per
// period however many instances run). RATES_REFRESH_SECONDS=0 leaves it off.
import type { Db } from '../db/index.ts';
import { log } from '../log.ts';
import { withLogContext } from '../logging/context.ts';
import type { RatesConfig } from './config.ts';
import { refreshRates } from './refresh.ts';

export interface RatesJob {
  stop(): Promise<void>;
}

/** Shortest sleep between attempts (a failed one, e.g. the database away, retries after one period). */
const MIN_SLEEP_MS = 1000;

export function startRatesJob(db: Db, config: RatesConfig): RatesJob {
  if (config.refreshSeconds === 0) return { stop: async () => {} };
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> = Promise.resolve();

  const schedule = (delayMs: number) => {
    if (stopped) return;
    // A little jitter keeps instances from hitting the slot in the same millisecond.
    timer = setTimeout(tick, Math.max(delayMs, MIN_SLEEP_MS) + Math.floor(Math.random() * 250));
    timer.unref();
  };

  const tick = () => {
    running = withLogContext({ job: 'rates refresh' }, () => refreshRates(db, config)).then(
      // Both moments by the database's clock: a skewed instance clock neither stalls nor hurries the job.
      (outcome) => schedule(outcome.nextRunAt.getTime() - outcome.now.getTime()),
      (error: unknown) => {
        log.error('rates refresh failed', error);
        schedule(config.refreshSeconds * 1000);
      },
    );
  };

  schedule(0);
  return {
    stop: async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
