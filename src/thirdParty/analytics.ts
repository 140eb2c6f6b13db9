// The visit counter (Yandex Metrica): the counter number comes from the settings of the production site.
// Nothing is loaded without a counter, or under automation. Page views are sent by hand on each route change
// (`defer: true`), because the app changes pages without reloading.
import { isAutomated } from './automation.ts';

type Metrica = ((counter: number, method: string, ...args: unknown[]) => void) & { a?: unknown[][]; l?: number };

declare global {
  interface Window {
    ym?: Metrica;
  }
}

export const ANALYTICS_SCRIPT_ID = 'analytics-counter';
export const ANALYTICS_SCRIPT_URL = 'https://mc.yandex.ru/metrika/tag.js';

/** A counter is a positive integer; anything else counts as "not configured". */
export function counterNumber(counter: string | null | undefined): number | null {
  if (!counter || !/^\d+$/.test(counter.trim())) return null;
  const value = Number(counter.trim());
  return value > 0 ? value : null;
}

/** Adds the counter's script and initialises it once. True when the counter is active. */
export function loadAnalytics(counter: string | null | undefined, doc: Document = document): boolean {
  const id = counterNumber(counter);
  const win = doc.defaultView;
  if (id === null || !win || isAutomated(win.navigator)) return false;
  if (doc.getElementById(ANALYTICS_SCRIPT_ID)) return true;
  // The queue stub collects calls until the real script replaces it.
  const queue: Metrica = (...args: unknown[]) => {
    (queue.a ??= []).push(args);
  };
  queue.l = Date.now();
  win.ym ??= queue;
  const script = doc.createElement('script');
  script.id = ANALYTICS_SCRIPT_ID;
  script.async = true;
  script.src = ANALYTICS_SCRIPT_URL;
  doc.head.appendChild(script);
  win.ym(id, 'init', { defer: true, clickmap: true, trackLinks: true, accurateTrackBounce: true });
  return true;
}

/** Reports a page view of the current address to an active counter. */
export function trackPageView(counter: string | null | undefined, url: string, win: Window = window): void {
  const id = counterNumber(counter);
  if (id === null || !win.ym) return;
  win.ym(id, 'hit', url, { title: win.document.title });
}
