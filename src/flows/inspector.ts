// Developers inspect the flows in the Stately visualizer: in development, `?inspect` in the URL attaches
// @statelyai/inspect to every actor the app creates. In production this is a no-op and the package is not bundled.
import type { InspectionEvent, Observer } from 'xstate';

type InspectObserver = Observer<InspectionEvent>;

function createDevInspector(): InspectObserver | undefined {
  if (!import.meta.env.DEV || typeof window === 'undefined') return undefined;
  if (!new URLSearchParams(window.location.search).has('inspect')) return undefined;
  // Actors are created synchronously while the inspector loads lazily: queue events until it is ready.
  const pending: InspectionEvent[] = [];
  let forward: ((event: InspectionEvent) => void) | null = null;
  void import('@statelyai/inspect').then(({ createBrowserInspector }) => {
    const inspector = createBrowserInspector();
    forward = (event) => inspector.inspect.next?.(event);
    pending.splice(0).forEach(forward);
  });
  return {
    next: (event) => (forward ? forward(event) : pending.push(event)),
    error: () => undefined,
    complete: () => undefined,
  };
}

/** Pass as the `inspect` option of every `createActor` / `useActorRef` / `useMachine` in the app. */
export const inspect: InspectObserver | undefined = createDevInspector();
