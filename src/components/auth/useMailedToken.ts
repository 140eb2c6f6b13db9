// The token a mailed link carries in the address (?token=): read once, then taken out of the address bar, so the
// history, a copied address and the third-party scripts that read the location (chat, analytics) never hold it.
import { useEffect, useState } from 'react';
import { useLocation, useSearch } from 'wouter';

export function useMailedToken(): string | null {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const [token] = useState(() => new URLSearchParams(search).get('token') || null);
  useEffect(() => {
    const params = new URLSearchParams(search);
    if (!params.has('token')) return;
    params.delete('token');
    const rest = params.toString();
    navigate(rest ? `${location}?${rest}` : location, { replace: true });
  }, [search, location, navigate]);
  return token;
}

/** What the address shows in place of a token carried in its path once it is read (/activate/{token}). */
export const READ_TOKEN_SEGMENT = 'opened';
/** The path token this page session read, for a page mounted again after the address dropped it (back and forth). */
let pathTokenRead: string | null = null;

/**
 * The token a mailed link carries as the last segment of its path (`param`, from the route): read once, then the
 * address is replaced by the same page with READ_TOKEN_SEGMENT in its place, so the history, a copied address and
 * the third-party scripts never hold it. A reload of that address finds no token (a mailed link works once anyway).
 */
export function useMailedPathToken(param: string): string {
  const [location, navigate] = useLocation();
  const [token] = useState(() => (param === READ_TOKEN_SEGMENT ? (pathTokenRead ?? param) : param));
  useEffect(() => {
    if (param === READ_TOKEN_SEGMENT || param === '') return;
    pathTokenRead = param;
    navigate(location.replace(/[^/]+(\/?)$/, `${READ_TOKEN_SEGMENT}$1`), { replace: true });
  }, [param, location, navigate]);
  return token;
}
