// The router as a flow's machine hears it: the flow's hook passes what it renders on (the path, the path's
// language), and an actor the machine invokes turns each new value into an event. The one place a navigation
// reaches a machine.
import { fromCallback, type EventObject } from 'xstate';
import type { FlowPage } from './flowContext.tsx';

/** `toEvent` of every new value `select` reads from the page, after the one the machine started on. */
export function pageWatcher<TBound, TValue, TEvent extends EventObject>(
  page: FlowPage<TBound>,
  select: (bound: TBound) => TValue,
  toEvent: (value: TValue) => TEvent,
) {
  return fromCallback<TEvent>(({ sendBack }) => {
    let value = select(page());
    return page.subscribe(() => {
      const next = select(page());
      if (next === value) return;
      value = next;
      sendBack(toEvent(next));
    });
  });
}

/** `toEvent` of every path the page moves to after the one the machine started on. */
export function routeWatcher<TEvent extends EventObject>(page: FlowPage<{ path: string }>, toEvent: (path: string) => TEvent) {
  return pageWatcher(page, ({ path }) => path, toEvent);
}
