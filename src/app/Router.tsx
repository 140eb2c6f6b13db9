// Mounts every RouteDef twice (Russian at its path, English under /en), loads pages lazily, applies the
// access guard and the tab title, and shows the 404 page for anything else.
import { Suspense, useEffect, useRef } from 'react';
import { useLingui } from '@lingui/react/macro';
import { Redirect, Route, Switch, useLocation } from 'wouter';
import { routes, type RouteDef } from './routes.ts';
import { Guard } from './guards.tsx';
import { PageSkeleton } from '../components/layout/PageSkeleton.tsx';
import { useAlternateLinks, useDocumentTitle } from '../components/head.ts';
import { ErrorPage } from '../pages/error/ErrorPage.tsx';
import { useInitialPage } from '../flows/initialPage.ts';
import { matchPage } from './matchPage.ts';
import { preloadableLazy, type PreloadableComponent } from '../components/preloadableLazy.ts';
import { loadAreaCatalogs } from '../i18n/catalog.ts';

/** '/' → '/en', '/rules' → '/en/rules'. */
export function englishPattern(path: string): string {
  return path === '/' ? '/en' : `/en${path}`;
}

interface MountedRoute {
  route: RouteDef;
  Page: PreloadableComponent<object>;
}

/** Created once, so a page keeps its state across re-renders of the shell. */
const mounted: MountedRoute[] = routes.map((route) => ({ route, Page: preloadableLazy(() => loadPage(route)) }));

/** A page's module, once the catalogs of its texts are in too. */
async function loadPage(route: RouteDef) {
  const [module] = await Promise.all([route.load(), loadAreaCatalogs(route.catalogs ?? [])]);
  return module;
}

/** Loads the code of the page at `pathname` (and what it shows at once) before the server's HTML is hydrated. */
export async function preloadPage(pathname: string): Promise<void> {
  const match = matchPage(pathname);
  await mounted.find((entry) => entry.route === match?.route)?.Page.preload();
}

/** The server may know better than the route table: an unknown claim is a 404 even though its route exists. */
function RoutePage(props: MountedRoute & { english: boolean }) {
  const initial = useInitialPage();
  if (initial?.notFound) return <ErrorPage code={404} />;
  return <FoundPage {...props} />;
}

function FoundPage({ route, Page, english }: MountedRoute & { english: boolean }) {
  const { i18n } = useLingui();
  useDocumentTitle(i18n._(route.title));
  if (english && route.russianOnly) return <Redirect to="/en" replace />;
  return (
    <Guard access={route.access}>
      <Suspense fallback={<PageSkeleton />}>
        <Page />
      </Suspense>
    </Guard>
  );
}

/** The element a #fragment names, if the page has one. */
function fragmentTarget(): HTMLElement | null {
  try {
    return location.hash ? document.getElementById(decodeURIComponent(location.hash.slice(1))) : null;
  } catch {
    return null; // a malformed escape names nothing
  }
}

/**
 * Each navigation starts at the top of the new page, or at the part its #fragment names. The page the browser
 * loaded keeps its scroll: the app may start only after the visitor followed a contents link or scrolled on.
 */
function useScrollOnNavigation(pathname: string): void {
  const shown = useRef(pathname);
  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    const target = fragmentTarget();
    if (target) target.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [pathname]);
}

export function AppRouter() {
  const [pathname] = useLocation();
  useScrollOnNavigation(pathname);
  useAlternateLinks(pathname);
  return (
    <Switch>
      {mounted.flatMap(({ route, Page }) => [
        <Route key={route.path} path={route.path}>
          <RoutePage route={route} Page={Page} english={false} />
        </Route>,
        <Route key={`/en${route.path}`} path={englishPattern(route.path)}>
          <RoutePage route={route} Page={Page} english />
        </Route>,
      ])}
      <Route>
        <ErrorPage code={404} />
      </Route>
    </Switch>
  );
}
