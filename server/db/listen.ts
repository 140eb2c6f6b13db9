// One connection that LISTENs on a PostgreSQL channel for as long as the process runs. NOTIFY is delivered only
// to connections listening at commit time, so a lost link means lost notices: the connection comes back by
// itself (with growing pauses between attempts) and tells its owner each time it is (re)connected, so the owner
// can make up for what it may have missed (drop a cache, have its readers read again).
import pg from 'pg';
import { log } from '../log.ts';

export interface ChannelHandlers {
  /** A notice on the channel, with its payload. */
  notice(payload: string): void;
  /** LISTEN is in place: first at start, then after every reconnect. */
  connected?(): void;
  /** The link was lost (notices may be missed until `connected` again). */
  lost?(): void;
}

export interface ChannelListener {
  /** Resolves once the first LISTEN is in place (or the listener was stopped). */
  ready: Promise<void>;
  stop(): Promise<void>;
}

const FIRST_RETRY_MS = 200;
const LAST_RETRY_MS = 5000;

/** Keeps one connection to `url` listening on `channel` (a plain identifier), reconnecting after any loss. */
export function listenChannel(url: string, channel: string, handlers: ChannelHandlers): ChannelListener {
  let stopped = false;
  let client: pg.Client | null = null;
  let retryMs = FIRST_RETRY_MS;
  let retryTimer: NodeJS.Timeout | null = null;
  let markReady: () => void = () => {};
  const ready = new Promise<void>((resolve) => {
    markReady = resolve;
  });

  const retry = (reason: string) => {
    if (stopped || retryTimer) return;
    log.warn(`${channel} listener lost its connection (${reason}); retrying in ${retryMs} ms`);
    retryTimer = setTimeout(() => {
      retryTimer = null;
      void open();
    }, retryMs);
    retryTimer.unref();
    retryMs = Math.min(retryMs * 2, LAST_RETRY_MS);
  };

  const open = async () => {
    const next = new pg.Client({ connectionString: url, keepAlive: true });
    client = next;
    let lost = false;
    const onLost = (reason: string) => {
      if (lost) return;
      lost = true;
      handlers.lost?.();
      void next.end().catch(() => {});
      retry(reason);
    };
    next.on('error', (error) => onLost(error.message));
    next.on('end', () => onLost('connection closed'));
    next.on('notification', (message) => {
      if (message.channel === channel) handlers.notice(message.payload ?? '');
    });
    try {
      await next.connect();
      await next.query(`listen ${channel}`);
      if (stopped) return;
      retryMs = FIRST_RETRY_MS;
      handlers.connected?.();
      markReady();
    } catch (error) {
      onLost(error instanceof Error ? error.message : String(error));
    }
  };

  void open();
  return {
    ready,
    stop: async () => {
      stopped = true;
      if (retryTimer) clearTimeout(retryTimer);
      retryTimer = null;
      const last = client;
      client = null;
      markReady();
      if (last) await last.end().catch(() => {});
    },
  };
}
