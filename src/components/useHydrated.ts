// False while a page renders on the server and while the browser hydrates it, true from then on: what exists
// only in a browser (the update check, third-party scripts, the support button) appears after hydration, so the
// first browser render equals the server's HTML.
import { useSyncExternalStore } from 'react';

const neverChanges = () => () => {};

export function useHydrated(): boolean {
  return useSyncExternalStore(
    neverChanges,
    () => true,
    () => false,
  );
}
