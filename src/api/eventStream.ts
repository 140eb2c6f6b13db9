// The server's Server-Sent Event streams (GET …/events/) as three reports: opened, changed (a notice) and broken
// (an error, a refusal or the server closing it). The browser's own reconnecting is cut short at the first
// break: the caller (machines/liveFeed.ts) decides when to try again and polls meanwhile.
import { apiPrefix } from './credentials.ts';

export type EventStreamReport = { type: 'stream.opened' } | { type: 'stream.changed' } | { type: 'stream.broken' };

/** Opens the stream at `url`; answers how to close it. Without EventSource (an old browser) it is broken at once. */
export function openEventStream(url: string, report: (event: EventStreamReport) => void): () => void {
  if (typeof EventSource === 'undefined') {
    report({ type: 'stream.broken' });
    return () => {};
  }
  const source = new EventSource(url);
  source.onopen = () => report({ type: 'stream.opened' });
  source.addEventListener('changed', () => report({ type: 'stream.changed' }));
  source.onerror = () => {
    source.close();
    report({ type: 'stream.broken' });
  };
  return () => source.close();
}

/** The claim page's stream, in the interface language like every other call. */
export function claimEventsUrl(uuid: string): string {
  return `${apiPrefix()}/api/v1/claim/${encodeURIComponent(uuid)}/events/`;
}
