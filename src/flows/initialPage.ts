// What the server knew when it rendered the first page: its address and whether it exists. The browser reads the
// same object from the HTML before hydrating, so its first render equals the server's; pages reached later by
// navigation ignore it.
import { createContext, useContext } from 'react';
import { useLocation, useSearch } from 'wouter';
import type { CalculatorPreload } from '../../machines/calculatorRules.ts';
import type { LoadedClaim } from '../../machines/claimPayment.ts';
import type { PageResult } from '../../machines/pagedList.ts';
import type { NewsSummary } from '../api/news.ts';
import type { Currency, SettingsResponse } from '../api/schemas/calculator.ts';
import type { NewsItem } from '../api/schemas/news.ts';
import type { StatusResponse } from '../api/schemas/status.ts';
import { pageQuery } from '../i18n/pageQuery.ts';

export interface InitialPage {
  /** The path the server rendered (with the /en prefix when English). */
  pathname: string;
  /** The page parameters it was rendered with, without the '?' (src/i18n/pageQuery.ts: other parameters change nothing). */
  search: string;
  /** The server answered 404 for this address (e.g. an unknown claim). */
  notFound: boolean;
  /** The site's public address (PUBLIC_URL), for addresses a page shows in full. */
  origin: string;
  /** The public settings the server rendered with (GET /api/v1/calculator/settings/ in the page's language). */
  settings: SettingsResponse | null;
  /** On the home: what the exchange form starts from. */
  calculator: CalculatorPreload | null;
  /** On a claim page rendered for a visitor without a session: the claim's public view it starts from. */
  claim: LoadedClaim | null;
  /** On a news item's page: the item. */
  newsItem: NewsItem | null;
  /** On the status page: every listed direction's status. */
  status: StatusResponse | null;
  /** On the news pages: the first page of each list, by source and size (src/flows/news.tsx newsListKey). */
  newsLists: Record<string, PageResult<NewsSummary>> | null;
  /** On the rate monitors' page: the currencies of its table of codes. */
  currencies: Currency[] | null;
}

/** The id of the JSON script the server writes the initial page into. */
export const INITIAL_PAGE_ELEMENT_ID = 'initial-page';

export const InitialPageContext = createContext<InitialPage | null>(null);

/** The site's address: the server's public one on a server-rendered page, else the browser's. */
export function useSiteOrigin(): string {
  const initial = useContext(InitialPageContext);
  return initial?.origin ?? window.location.origin;
}

/** The server's initial page when the current address is still that page (other query parameters aside), else null. */
export function useInitialPage(): InitialPage | null {
  const initial = useContext(InitialPageContext);
  const [pathname] = useLocation();
  const search = useSearch();
  return initial && asRouted(initial.pathname) === pathname && pageQuery(initial.search) === pageQuery(search) ? initial : null;
}

/** The router hands out paths with escapes decoded (decodeURI): the initial page's path is compared the same way. */
function asRouted(pathname: string): string {
  try {
    return decodeURI(pathname);
  } catch {
    return pathname;
  }
}
