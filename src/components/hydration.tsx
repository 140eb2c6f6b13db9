// False while a page renders on the server and while the browser hydrates it, true from then on: what exists
// only in a browser (the update check, third-party scripts, the live chat, the reader's time zone) appears
// after hydration, and forms stay inert until then, so the first browser render equals the server's HTML.
import { createContext, startTransition, useContext, useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';

/**
 * The flag of a tree, as a value that never changes identity: a context whose value changed would reach the parts
 * the browser has not hydrated yet (an island waiting for the visitor, src/components/InteractionIsland.tsx) and
 * make React throw their server HTML away; each reader follows the flag with a state of its own instead.
 */
interface HydrationFlag {
  isHydrated: () => boolean;
  /** Hears the flip once; answers how to stop listening. */
  subscribe: (reader: () => void) => () => void;
  /** Flips the flag and tells every reader, in one transition. */
  hydrate: () => void;
}

function hydrationFlag(initial: boolean): HydrationFlag {
  let hydrated = initial;
  const readers = new Set<() => void>();
  return {
    isHydrated: () => hydrated,
    subscribe: (reader) => {
      readers.add(reader);
      return () => void readers.delete(reader);
    },
    hydrate: () => {
      if (hydrated) return;
      hydrated = true;
      startTransition(() => readers.forEach((reader) => reader()));
    },
  };
}

// Without a provider the page was rendered by the browser alone: hydrated from the start.
const HydratedContext = createContext<HydrationFlag>(hydrationFlag(true));

/**
 * Holds the flag for a tree: false on a server-rendered page until its hydration has committed. The readers flip
 * in one transition, so the components that change with it re-render in small slices the browser can interrupt; a
 * store change (useSyncExternalStore) would re-render them all in one blocking task (Total Blocking Time,
 * `npm run bench:web`).
 */
export function HydrationProvider({ serverRendered, children }: { serverRendered: boolean; children: ReactNode }) {
  const [flag] = useState(() => hydrationFlag(!serverRendered));
  useEffect(() => flag.hydrate(), [flag]);
  return <HydratedContext.Provider value={flag}>{children}</HydratedContext.Provider>;
}

const subscribeNever = () => () => {};

/**
 * True while React hydrates the calling component from the server's HTML (the one moment React reads a store's
 * server snapshot in the browser), false when the browser renders it alone. A part hydrated after the shell (a page
 * behind its Suspense boundary, an island) hydrates after the flag has flipped, and must still render as the server did.
 * Right after its hydration React renders the reader once more, at once, for the changed snapshot: the same output.
 */
function useHydrating(): boolean {
  return useSyncExternalStore(subscribeNever, () => false, () => true);
}

export function useHydrated(): boolean {
  const flag = useContext(HydratedContext);
  const hydrating = useHydrating();
  const [hydrated, setHydrated] = useState(() => !hydrating && flag.isHydrated());
  useEffect(() => {
    if (hydrated) return;
    const reader = () => setHydrated(true);
    // Hydrated before this reader's effect ran (a part hydrated after the shell, a part mounted meanwhile).
    if (flag.isHydrated()) startTransition(reader);
    return flag.subscribe(reader);
  }, [flag, hydrated]);
  return hydrated;
}

/** Whether the caller was first rendered by hydrating the server's HTML (fixed at its first render). */
export function useHydratedFromServer(): boolean {
  const hydrating = useHydrating();
  const [fromServer] = useState(hydrating);
  return fromServer;
}
