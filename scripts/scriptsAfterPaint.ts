// Vite plugin: the public site's built index.html fetches its scripts only after the browser has painted the page.
// The server sends every page finished and styled (server/http/pages.ts); fetched at once, the entry and the ~85 kB
// of modules it preloads competed with the HTML and the stylesheet on a slow phone link and ran before the first
// paint on a slow CPU: Lighthouse mobile (`npm run bench:web`) counted all of them into the first paint. Forms stay
// inert until hydrated (src/components/ui/Button.tsx, TextInput.tsx), so nothing typed early is lost. The module
// graph is Vite's own: the same entry and the same preloads, only later.
import { createHash } from 'node:crypto';
import type { Plugin } from 'vite';

/**
 * Runs in the browser as a deferred classic script, serialized into its own file: reads the entry and the module
 * preloads from its own element's data attributes and adds them once the browser reports the page's first
 * contentful paint (a 'paint' performance entry, timed when the frame is on screen). A task queued from a
 * requestAnimationFrame callback runs before that frame reaches the screen, so requests made there still counted
 * into the first paint in some runs (FCP 0.84 or 1.10 s on the same page, `npm run bench:web`). A browser without
 * paint entries starts after the first frame; a tab opened in the background paints nothing, and a timer starts
 * the app anyway.
 */
function loadAppAfterFirstPaint(): void {
  // An answer linked by its anchor (/faq#fees: a <details> of src/components/content/FaqAccordion.tsx) opens in
  // the server's HTML, with or without the app.
  const openLinkedDetails = () => {
    let id = location.hash.slice(1);
    try {
      id = decodeURIComponent(id);
    } catch {
      // A malformed escape names no entry; the app must still load.
    }
    const target = document.getElementById(id);
    if (target instanceof HTMLDetailsElement) target.open = true;
  };
  openLinkedDetails();
  addEventListener('hashchange', openLinkedDetails);
  const own = document.currentScript as HTMLScriptElement;
  const entry = own.dataset.entry ?? '';
  const preloads = (own.dataset.preloads ?? '').split(' ').filter((href) => href !== '');
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    for (const href of preloads) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.append(link);
    }
    const script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = entry;
    document.head.append(script);
  };
  if (own.dataset.start === 'interaction') {
    startOnInteraction(start);
    return;
  }
  if (PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    new PerformanceObserver((entries, observer) => {
      if (entries.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      start();
    }).observe({ type: 'paint', buffered: true });
  } else {
    requestAnimationFrame(() => setTimeout(start, 0));
  }
  setTimeout(start, 1000);

  /**
   * A text page (data-start="interaction", src/app/routes.ts) is whole in its HTML: links are plain links, the
   * support button is a native popover and the FAQ's answers are <details>, so only the other buttons need the app.
   * The app loads when the visitor first points, touches, types or focuses; such a button clicked before the page
   * is hydrated is clicked again once it is (html[data-hydrated], src/app/App.tsx), so the first tap on the menu or
   * the sign-in is not lost. Until then html[data-app] says the page is live as it is (the journeys' fixture waits
   * for either mark).
   */
  function startOnInteraction(load: () => void): void {
    const root = document.documentElement;
    const triggers = ['pointerover', 'pointerdown', 'touchstart', 'keydown', 'focusin'];
    let clicked: HTMLButtonElement | null = null;
    const begin = () => {
      for (const type of triggers) removeEventListener(type, begin, true);
      load();
    };
    const holdClick = (event: MouseEvent) => {
      if (root.dataset.hydrated === 'true') return;
      const button = (event.target as Element | null)?.closest?.('button');
      // A popover's button works by itself.
      if (!button || button.disabled || button.hasAttribute('popovertarget')) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      clicked = button;
      begin();
    };
    for (const type of triggers) addEventListener(type, begin, { capture: true, passive: true });
    addEventListener('click', holdClick, true);
    new MutationObserver((_, observer) => {
      if (root.dataset.hydrated !== 'true') return;
      observer.disconnect();
      removeEventListener('click', holdClick, true);
      // Hydration keeps the server's elements, so the held button is the live one now.
      if (clicked?.isConnected) clicked.click();
    }).observe(root, { attributes: true, attributeFilter: ['data-hydrated'] });
    root.dataset.app = 'on-interaction';
  }
}

export const LOADER_SOURCE = `(${loadAppAfterFirstPaint.toString()})();\n`;

const ENTRY_TAG = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/;
const PRELOAD_TAG = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;

/** Replaces Vite's entry script and module preloads in a built page by the loader that adds them after the paint. */
export function deferAppScripts(html: string, loaderUrl: string): string {
  const entry = ENTRY_TAG.exec(html)?.[1];
  if (!entry) throw new Error('scriptsAfterPaint: the built page has no module entry script');
  const preloads = [...html.matchAll(PRELOAD_TAG)].map((match) => match[1]!);
  const loader = `\n    <script defer src="${loaderUrl}" data-entry="${entry}" data-preloads="${preloads.join(' ')}"></script>`;
  return html.replace(PRELOAD_TAG, '').replace(ENTRY_TAG, loader);
}

export function scriptsAfterPaint(): Plugin {
  const hash = createHash('sha256').update(LOADER_SOURCE).digest('hex').slice(0, 8);
  let loaderFile = `assets/after-paint-${hash}.js`;
  let base = '/';
  return {
    name: 'exchanger:scripts-after-paint',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    configResolved(config) {
      base = config.base;
      loaderFile = `${config.build.assetsDir}/after-paint-${hash}.js`;
    },
    buildStart() {
      this.emitFile({ type: 'asset', fileName: loaderFile, source: LOADER_SOURCE });
    },
    transformIndexHtml: {
      order: 'post',
      // The back office (ops.html) renders in the browser: it has nothing to paint before its scripts.
      handler: (html, context) => (context.path === '/index.html' ? deferAppScripts(html, base + loaderFile) : html),
    },
  };
}
