// One Server-Sent Events stream following a topic of the hub: `event: changed` when it changes, a comment line as
// a heartbeat in between (no query: it only keeps proxies and the browser from closing an idle connection). The
// stream tells the browser how soon to come back after a cut (`retry:`), and asks proxies not to buffer it.
import type { Context } from 'hono';
import { HttpError } from '../../http/errors.ts';
import type { ClaimEventHub } from './hub.ts';

/** Proxies commonly end a connection silent for 60 s; a comment every 20 s keeps it open. */
export const HEARTBEAT_MS = 20_000;
/** How long the browser waits before reconnecting by itself after a cut. */
const RECONNECT_MS = 3000;
/** A client over its stream cap tries again after this long (its page polls meanwhile). */
const REFUSED_RETRY_SECONDS = 30;

const encoder = new TextEncoder();

/**
 * The streaming answer following `topic` for `client`: every change is sent as `event: changed` with `data`
 * (what changed, never private data: the page reads that through its usual guarded call). 429 when the instance
 * or the client holds as many streams as allowed.
 */
export function eventStream(
  c: Context,
  hub: ClaimEventHub,
  { topic, client, data }: { topic: string; client: string; data: string },
): Response {
  let unsubscribe: (() => void) | null = null;
  let heartbeat: NodeJS.Timeout | null = null;
  const end = () => {
    unsubscribe?.();
    if (heartbeat) clearInterval(heartbeat);
  };
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      const send = (text: string) => {
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          end();
        }
      };
      unsubscribe = hub.subscribe(topic, client, {
        changed: () => send(`event: changed\ndata: ${data}\n\n`),
        ended: () => {
          end();
          try {
            controller.close();
          } catch {
            // Already closed by the client.
          }
        },
      });
      if (!unsubscribe) return;
      // The first bytes go out at once, so the browser (and any proxy) sees the stream open.
      send(`retry: ${RECONNECT_MS}\n: open\n\n`);
      heartbeat = setInterval(() => send(': heartbeat\n\n'), HEARTBEAT_MS);
    },
    cancel: end,
  });
  if (!unsubscribe) {
    void body.cancel();
    throw new HttpError(
      429,
      {
        detail: /*i18n*/ {
          id: 'claims.events.tooManyStreams',
          message: 'Too many open request pages. Close the tabs you do not need.',
        },
        code: 'too_many_streams',
      },
      { 'Retry-After': String(REFUSED_RETRY_SECONDS) },
    );
  }
  return c.newResponse(body, 200, {
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': 'no-cache, no-transform',
    'X-Accel-Buffering': 'no',
  });
}
