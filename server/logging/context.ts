// What every line logged while handling one request (or one pass of a background job) carries: its request id or
// job name, kept in AsyncLocalStorage so that code below the HTTP layer needs no logger handed down.
import { AsyncLocalStorage } from 'node:async_hooks';

export interface LogContext {
  requestId?: string;
  job?: string;
}

const storage = new AsyncLocalStorage<LogContext>();

/** Runs `work` with `context` on every line it (and whatever it awaits) logs. */
export function withLogContext<T>(context: LogContext, work: () => T): T {
  return storage.run(context, work);
}

/** The fields of the request or job being handled, if any. */
export function currentLogContext(): LogContext | undefined {
  return storage.getStore();
}
