// The app: language, the shell (header, page, footer) and the router. An unhandled error
// anywhere in a page renders the error page; navigating away clears it.
import { lazy, Suspense, useContext, useEffect } from 'react';
import { useLocation } from 'wouter';
import { LocaleProvider } from '../flows/locale.tsx';
import { ErrorBoundary } from './ErrorBoundary.tsx';
import { AppRouter } from './Router.tsx';
import { Header } from '../components/layout/Header.tsx';
import { Footer } from '../components/layout/Footer.tsx';
import { ThirdPartyScripts } from '../thirdParty/ThirdPartyScripts.tsx';
import { HydrationProvider, useHydrated } from '../components/hydration.tsx';
import { InitialPageContext } from '../flows/initialPage.ts';

// The hourly update check starts right after the first paint; it is not needed to show the page.
const UpdateNotice = lazy(() =>
  import('../components/layout/UpdateNotice.tsx').then((m) => ({ default: m.UpdateNotice })),
);

/** What only a browser has: it appears once the page is hydrated, re-rendering nothing else. */
function AfterHydration() {
  const hydrated = useHydrated();
  useEffect(() => {
    // Marks the moment the server's HTML became interactive (journeys wait for it before typing).
    if (hydrated) document.documentElement.dataset.hydrated = 'true';
  }, [hydrated]);
  if (!hydrated) return null;
  return (
    <>
      <Suspense fallback={null}>
        <UpdateNotice />
      </Suspense>
      {/* Site-wide: live chat and visit counter (only when the settings configure them). */}
      <ThirdPartyScripts />
    </>
  );
}

function Shell() {
  const [pathname] = useLocation();
  return (
    <div className="flex min-h-dvh flex-col">
      <ErrorBoundary resetKey={`header:${pathname}`}>
        <Header />
      </ErrorBoundary>
      <main id="main" className="flex flex-1 flex-col" tabIndex={-1}>
        <ErrorBoundary resetKey={pathname}>
          <AppRouter />
        </ErrorBoundary>
      </main>
      <Footer />
      <AfterHydration />
    </div>
  );
}

export function App() {
  // A page the server rendered (its initial page is in the context) is hydrated before forms open.
  const serverRendered = useContext(InitialPageContext) !== null;
  return (
    <HydrationProvider serverRendered={serverRendered}>
      <LocaleProvider>
        <Shell />
      </LocaleProvider>
    </HydrationProvider>
  );
}
