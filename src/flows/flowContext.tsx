// The one way a view gets its flow. Each flow is made here once: the app's wiring hands in the machine bound to the
// real API, a test hands in the same machine provided with fakes through the flow's Provider, and the view only calls
// the flow's hook. What the machine needs from the page the view sits in (the router, the session, the page's reload)
// is bound in the flow's module through `bind`: the machine gets it as an invoked actor (a subscription made in the
// machine) and hands its results out through a provided action, so no view relays data into an actor or watches a
// state to act. Inspection is attached here.
import { createContext, useContext, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useActorRef, useMachine } from '@xstate/react';
import type { Actor, AnyStateMachine, InputFrom, StateFrom } from 'xstate';
import { inspect } from './inspector.ts';

/** What a flow's module provides on top of the wired (or test) machine: actors and actions bound to the page. */
export type FlowBinding<TMachine extends AnyStateMachine> = Parameters<TMachine['provide']>[0];

/**
 * Makes the flow's bound implementations once per mounted flow. `bound()` reads what the latest render passed to the
 * hook (the router's navigate, the session actor, a page's reload), so a binding never acts on a stale render.
 */
export type Bind<TMachine extends AnyStateMachine, TBound> = (bound: () => TBound) => FlowBinding<TMachine>;

/** The hook's arguments: the input (left out for machines that take none), then what the flow binds to. */
type FlowArgs<TMachine extends AnyStateMachine, TBound> = [TBound] extends [undefined]
  ? [input?: InputFrom<TMachine>]
  : [input: InputFrom<TMachine> | undefined, bound: TBound];

export interface FlowContext<TMachine extends AnyStateMachine, TBound = undefined> {
  /** Puts another implementation of the flow's machine (a test's fakes) in place of the app's wiring. */
  Provider: (props: { logic: TMachine; children: ReactNode }) => ReactNode;
  /** Runs the flow for the calling view, re-rendering on every change: its snapshot, its `send`, its actor. */
  useFlow: (...args: FlowArgs<TMachine, TBound>) => [StateFrom<TMachine>, Actor<TMachine>['send'], Actor<TMachine>];
  /** Runs the flow for the calling view without re-rendering it: the view selects what it shows. */
  useFlowActor: (...args: FlowArgs<TMachine, TBound>) => Actor<TMachine>;
}

export function flowContext<TMachine extends AnyStateMachine, TBound = undefined>(
  wired: TMachine,
  bind?: Bind<TMachine, TBound>,
): FlowContext<TMachine, TBound> {
  const LogicContext = createContext<TMachine>(wired);
  LogicContext.displayName = `Flow(${wired.id})`;

  /** The machine of the nearest Provider, bound once for this mount to what the latest render passed. */
  function useBoundLogic(bound: TBound | undefined): AnyStateMachine {
    const logic: AnyStateMachine = useContext(LogicContext);
    const latest = useRef(bound);
    // Keeps the binding's view of the page current; it sends the actor nothing.
    useLayoutEffect(() => {
      latest.current = bound;
    });
    const [boundLogic] = useState(() => (bind ? logic.provide(bind(() => latest.current as TBound)) : logic));
    return boundLogic;
  }

  return {
    Provider: ({ logic, children }) => <LogicContext.Provider value={logic}>{children}</LogicContext.Provider>,
    useFlow: (...[input, bound]: [InputFrom<TMachine>?, TBound?]) => {
      const logic = useBoundLogic(bound);
      return useMachine(logic, { input, inspect }) as [StateFrom<TMachine>, Actor<TMachine>['send'], Actor<TMachine>];
    },
    useFlowActor: (...[input, bound]: [InputFrom<TMachine>?, TBound?]) => {
      const logic = useBoundLogic(bound);
      return useActorRef(logic, { input, inspect }) as Actor<TMachine>;
    },
  } as FlowContext<TMachine, TBound>;
}
