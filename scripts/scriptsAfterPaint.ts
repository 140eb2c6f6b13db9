// Vite plugin: the public site's built index.html fetches its scripts only after the browser has painted the page.
// The server sends every page finished and styled (server/http/pages.ts); fetched at once, the entry and the ~85 kB
// of modules it preloads competed with the HTML on a slow phone link and ran before the first paint on a slow CPU:
// Lighthouse mobile (`npm run bench:web`) counted all of them into the first paint. Forms stay inert until hydrated
// (src/components/ui/Button.tsx, TextInput.tsx), so nothing typed early is lost. The module graph is Vite's own: the
// same entry and the same preloads, added later by the inline loader (server/http/appLoader.ts).
import type { Plugin } from 'vite';
import { APP_LOADER_SOURCE } from '../server/http/appLoader.ts';

const ENTRY_TAG = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/;
const PRELOAD_TAG = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;

/**
 * Replaces Vite's entry script and module preloads in a built page by the loader that adds them after the paint,
 * inline at the end of the body (where the page it looks at, for an answer linked by its anchor, is parsed).
 */
export function deferAppScripts(html: string): string {
  const entry = ENTRY_TAG.exec(html)?.[1];
  if (!entry) throw new Error('scriptsAfterPaint: the built page has no module entry script');
  if (!html.includes('</body>')) throw new Error('scriptsAfterPaint: the built page has no </body>');
  const preloads = [...html.matchAll(PRELOAD_TAG)].map((match) => match[1]!);
  const loader = `  <script data-entry="${entry}" data-preloads="${preloads.join(' ')}">${APP_LOADER_SOURCE}</script>\n  `;
  return html.replace(PRELOAD_TAG, '').replace(ENTRY_TAG, '').replace('</body>', () => `${loader}</body>`);
}

export function scriptsAfterPaint(): Plugin {
  return {
    name: 'exchanger:scripts-after-paint',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    transformIndexHtml: {
      order: 'post',
      // The back office (ops.html) renders in the browser: it has nothing to paint before its scripts.
      handler: (html, context) => (context.path === '/index.html' ? deferAppScripts(html) : html),
    },
  };
}
