// Browser entry: send a first-time English-preferring visitor to /en before anything renders, then hydrate the
// server-rendered page (or mount the app when the page came without server rendering).
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { preloadPage } from './app/Router.tsx';
import { preloadHeader } from './components/layout/Header.tsx';
import { seedSettings } from './wiring/settingsSeed.ts';
import { INITIAL_PAGE_ELEMENT_ID, InitialPageContext, type InitialPage } from './flows/initialPage.ts';
import { activateLocale } from './wiring/locale.ts';
import { loadCatalog } from './i18n/catalog.ts';
import { localeFromPath } from './i18n/locales.ts';
import { readLangCookie } from './i18n/cookie.ts';
import { firstVisitRedirect } from './i18n/firstVisit.ts';
import './styles.css';

/** A User Timing mark: where the page's code and catalog are in and React starts to hydrate. */
const HYDRATION_START_MARK = 'hydration-start';

const container = document.getElementById('root')!;
const initialPage = readInitialPage();
const redirect = firstVisitRedirect(
  window.location,
  readLangCookie() !== null,
  navigator.languages ?? [navigator.language],
);

if (initialPage) {
  // The server sent the page finished: hydrate it in its language, or fetch the English page instead.
  if (redirect) window.location.replace(redirect);
  else void hydrate(initialPage);
} else {
  if (redirect) window.history.replaceState(null, '', redirect);
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

/** What the server rendered (see server/http/pages.ts), or null when the page came without server rendering. */
function readInitialPage(): InitialPage | null {
  const script = document.getElementById(INITIAL_PAGE_ELEMENT_ID);
  return script?.textContent ? (JSON.parse(script.textContent) as InitialPage) : null;
}

/** The first render must equal the server's: its language is active before React looks at the HTML. */
async function hydrate(page: InitialPage): Promise<void> {
  const locale = localeFromPath(window.location.pathname);
  await Promise.all([loadCatalog(locale), preloadPage(window.location.pathname), preloadHeader()]);
  activateLocale(locale);
  // What hydration needed has arrived (the server's modulepreload links should have named all of it).
  performance.mark(HYDRATION_START_MARK);
  if (page.settings) seedSettings(locale, page.settings);
  // As a transition, hydration yields to the browser every few milliseconds instead of running as one long task:
  // the page is already on screen, and a tap meanwhile is answered sooner (Total Blocking Time, `npm run bench:web`).
  startTransition(() => {
    hydrateRoot(
      container,
      <StrictMode>
        <InitialPageContext.Provider value={page}>
          <App />
        </InitialPageContext.Provider>
      </StrictMode>,
    );
  });
}
