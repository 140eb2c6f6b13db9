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
