// The app's loader (appLoader.js), which every page of the site carries inline at the end of its body (the build
// puts it there: scripts/scriptsAfterPaint.ts). Inline it costs no request: as a file of its own it was one more
// request on a slow phone link that the first paint waited for (Lighthouse's LCP of /rules 1.2 s with it, 1.0 s
// without, `npm run bench:web`). The site's Content-Security-Policy allows exactly this source by its hash
// (security.ts); it is kept as plain JavaScript and read as text, so the build and the server hash the same bytes.
//
// What it does in the browser: it reads the entry and the module preloads from its own element's data attributes
// and adds them once the browser reports the first contentful paint (a 'paint' performance entry, timed when the
// frame is on screen: a task queued from requestAnimationFrame still ran before the frame reached the screen, and
// its requests counted into the first paint). A browser without paint entries starts after the first frame; a tab
// opened in the background paints nothing, and a timer starts the app anyway.
//
// A text page (data-start="interaction", src/app/routes.ts) is whole in its HTML: links are plain links, the
// support button is a native popover and the FAQ's answers are <details>, so only the other buttons need the app.
// The app loads when the visitor first points, touches, types or focuses; until then html[data-app] says the page is
// live as it is (the journeys' fixture waits for either mark). The home (data-start="interaction-prefetched") starts
// the same way, but its modules are fetched after the paint (modulepreload fetches and compiles, it does not run), so
// the first tap waits for no network.
//
// On every page, whenever the app starts, a click on a button, label, checkbox or radio that lands before its part
// is live (the page: html[data-hydrated], src/app/App.tsx; or an island of its own) is held and made again once it
// is, so a first tap on the menu, a field's toggle or the sign-in is not lost; a reach before the app ran is marked
// (html[data-reached]) for the islands it missed. If the app cannot load, held clicks are made at once on the HTML.
// An answer linked by its anchor (/faq#fees: a <details> of src/components/content/FaqAccordion.tsx) opens in the
// server's HTML, with or without the app.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';

/** The loader's source as the page carries it. */
export const APP_LOADER_SOURCE = readFileSync(new URL('./appLoader.js', import.meta.url), 'utf8');

/** The CSP source expression that allows the inline loader and no other inline script. */
export const APP_LOADER_CSP_SOURCE = `'sha256-${createHash('sha256').update(APP_LOADER_SOURCE).digest('base64')}'`;
