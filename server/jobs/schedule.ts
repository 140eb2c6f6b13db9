// A job that runs, then sleeps as long as it says (no fixed tick): an idle site wakes a job only when it is due.
import { log } from '../log.ts';
import { withLogContext } from '../logging/context.ts';

export interface ScheduledJob {
  /** No pass starts after this; resolves once the pass under way (if any) has finished. */
  stop(): Promise<void>;
}

/** After a failure (database away) the job tries again after this. */
export const RETRY_AFTER_FAILURE_MS = 10_000;

/** Runs `run` now and again after each delay it answers; the timers never keep the process alive. */
export function scheduleJob(name: string, run: () => Promise<number>): ScheduledJob {
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;
  let running: Promise<void> = Promise.resolve();
  const pass = async () => {
    let delay = RETRY_AFTER_FAILURE_MS;
    try {
      delay = await withLogContext({ job: name }, run);
    } catch (error) {
      log.error(`background job ${name} failed`, error);
    }
    if (stopped) return;
    timer = setTimeout(() => (running = pass()), delay);
    timer.unref();
  };
  running = pass();
  return {
    stop: async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
