// The router as a flow's machine hears it: the flow's hook passes the path it renders on, and an actor the machine
// invokes turns each new one into an event. The one place a navigation reaches a machine.
import { fromCallback, type EventObject } from 'xstate';
import type { FlowPage } from './flowContext.tsx';

/** `toEvent` of every path the page moves to after the one the machine started on. */
export function routeWatcher<TEvent extends EventObject>(page: FlowPage<{ path: string }>, toEvent: (path: string) => TEvent) {
  return fromCallback<TEvent>(({ sendBack }) => {
    let path = page().path;
    return page.subscribe(() => {
      if (page().path === path) return;
      path = page().path;
      sendBack(toEvent(path));
    });
  });
}
