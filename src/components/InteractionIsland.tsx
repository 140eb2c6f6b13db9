// A part of a server-rendered page that the browser hydrates only when the visitor reaches for it: until the first
// pointer, touch, key or focus inside it, its server HTML stays on screen as it came (readable, its fields
// read-only, its submit disabled: src/components/hydration.tsx) and its code is not fetched. React keeps a Suspense
// boundary's server HTML while something in it waits, and hydrates it in place, focus included, once the code has
// arrived; a click made meanwhile is held and made again on the hydrated element. Rendered in the browser alone (a
// page reached by a link), the part loads at once behind its fallback, as any lazy component.
import { Suspense, use, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useHydrated, useHydratedFromServer } from './hydration.tsx';

/** What shows the visitor reaching for the part; the app itself loads on the same ones (server/http/appLoader.ts). */
const REACHES = ['pointerover', 'pointerdown', 'touchstart', 'keydown', 'focusin'] as const;
/**
 * What a click works on by itself before hydration and must instead do once hydrated; links keep working as they are.
 * The app's loader holds the same until the app runs (server/http/appLoader.js).
 */
const CLICKABLE = 'button, label, input[type="checkbox"], input[type="radio"]';

interface Arrival {
  /** Settles when the part's code is in: the boundary's content waits for it. */
  arrived: Promise<void>;
  /** Fetches the code (once; a failed fetch is tried again on the next reach). */
  load: () => void;
}

function arrival(preload: () => Promise<void>): Arrival {
  let loading = false;
  let arrive = () => {};
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  const load = () => {
    if (loading) return;
    loading = true;
    preload().then(arrive, () => (loading = false));
  };
  return { arrived, load };
}

export interface InteractionIslandProps {
  /** Loads the part's code (a preloadableLazy component's `preload`), so that it then renders without suspending. */
  preload: () => Promise<void>;
  /** Shown only when the browser renders the part itself, while its code loads. */
  fallback: ReactNode;
  children: ReactNode;
}

/**
 * Its parent must not re-render it with new children or fallback before it is hydrated (a boundary updated before
 * hydration is rendered again from its fallback): give it stable ones, e.g. from a memo component.
 */
export function InteractionIsland({ preload, fallback, children }: InteractionIslandProps) {
  const fromServer = useHydratedFromServer() && !import.meta.env.SSR;
  const [waiting] = useState(() => (fromServer ? arrival(preload) : null));
  const area = useRef<HTMLDivElement>(null);
  const held = useRef<HTMLElement | null>(null);
  const [hydrated] = useState(() => {
    let done = () => {};
    return { promise: new Promise<void>((resolve) => (done = resolve)), done };
  });

  // Marks the part live for those who wait on it (the journeys, tests/e2e/fixtures.ts); React does not render this
  // attribute, so it never touches it.
  useEffect(() => {
    void hydrated.promise.then(() => area.current?.setAttribute('data-hydrated', 'true'));
  }, [hydrated]);

  useEffect(() => {
    if (!waiting) return;
    // The visitor reached for the page before the app ran (the loader marks it: server/http/appLoader.ts): that
    // reach is gone, so the part loads now.
    if (document.documentElement.dataset.reached !== undefined) waiting.load();
    const inside = (event: Event) => event.target instanceof Node && area.current?.contains(event.target) === true;
    const reach = (event: Event) => {
      if (inside(event)) waiting.load();
    };
    const hold = (event: MouseEvent) => {
      const target = event.target instanceof Element ? event.target.closest<HTMLElement>(CLICKABLE) : null;
      if (!target || !inside(event) || target.closest('a')) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      held.current = target;
      waiting.load();
    };
    // On the window, in the capture phase: before React's own listeners, which drop a click on server HTML.
    for (const type of REACHES) addEventListener(type, reach, { capture: true, passive: true });
    addEventListener('click', hold, true);
    let stopped = false;
    const stop = () => {
      stopped = true;
      for (const type of REACHES) removeEventListener(type, reach, true);
      removeEventListener('click', hold, true);
    };
    void hydrated.promise.then(() => {
      if (stopped) return;
      stop();
      const clicked = held.current;
      held.current = null;
      // Hydration keeps the server's elements, so the held one is the live one now.
      if (clicked?.isConnected) clicked.click();
    });
    return stop;
  }, [waiting, hydrated]);

  // The same tree on the server and in the browser, whether it waits or not: the ids React derives from the tree's
  // shape (useId) must match the server's. Kept between renders of this component (one follows its hydration): a
  // new element would be an update of the boundary before it is hydrated.
  return useMemo(
    () => (
      <div ref={area} className="contents" data-island="">
        <Suspense fallback={fallback}>
          <Arrived waitFor={waiting?.arrived ?? null} onHydrated={hydrated.done}>
            {children}
          </Arrived>
        </Suspense>
      </div>
    ),
    [fallback, waiting, hydrated, children],
  );
}

interface ArrivedProps {
  waitFor: Promise<void> | null;
  onHydrated: () => void;
  children: ReactNode;
}

/** The part once its code is in: hydrated as the server rendered it (inert), live right after (useHydrated). */
function Arrived({ waitFor, onHydrated, children }: ArrivedProps) {
  if (waitFor) use(waitFor);
  const hydrated = useHydrated();
  useEffect(() => {
    if (hydrated) onHydrated();
  }, [hydrated, onHydrated]);
  return children;
}
