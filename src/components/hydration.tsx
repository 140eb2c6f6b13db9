// False while a page renders on the server and while the browser hydrates it, true from then on: what exists
// only in a browser (the update check, third-party scripts, the live chat, the reader's time zone) appears
// after hydration, and forms stay inert until then, so the first browser render equals the server's HTML.
import { createContext, startTransition, useContext, useEffect, useState, type ReactNode } from 'react';

// Without a provider the page was rendered by the browser alone: hydrated from the start.
const HydratedContext = createContext(true);

/**
 * Holds the flag for a tree: false on a server-rendered page until its hydration has committed. The flip is a
 * transition, so the components that change with it re-render in small slices the browser can interrupt; a store
 * change (useSyncExternalStore) would re-render them all in one blocking task (Total Blocking Time,
 * `npm run bench:web`).
 */
export function HydrationProvider({ serverRendered, children }: { serverRendered: boolean; children: ReactNode }) {
  const [hydrated, setHydrated] = useState(!serverRendered);
  useEffect(() => {
    if (!hydrated) startTransition(() => setHydrated(true));
  }, [hydrated]);
  return <HydratedContext.Provider value={hydrated}>{children}</HydratedContext.Provider>;
}

export function useHydrated(): boolean {
  return useContext(HydratedContext);
}
