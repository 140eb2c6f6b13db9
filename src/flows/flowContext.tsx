// The one way a view gets its flow, on the site and in the console. Each flow is made here once: the wiring hands in
// the machine bound to the real API, a test hands in the same machine provided with fakes through the flow's
// Provider, and a view only calls the flow's hook (an actor of its own) or sits under the flow's Shared (one actor for
// a whole subtree: the console's session, its live queue, the app's language). What the machine needs from the page
// (the router, the session, the page's reload) is bound in the flow's module through `bind`: the machine gets it as
// an invoked actor (a subscription made in the machine) and hands its results out through a provided action, so no
// view relays data into an actor or watches a state to act. Inspection is attached here.
import { createContext, useContext, useLayoutEffect, useState, type ReactNode } from 'react';
import { useActorRef, useMachine } from '@xstate/react';
import type { Actor, AnyStateMachine, InputFrom, StateFrom } from 'xstate';
import { inspect } from './inspector.ts';

/** What a flow's module provides on top of the wired (or test) machine: actors and actions bound to the page. */
export type FlowBinding<TMachine extends AnyStateMachine> = Parameters<TMachine['provide']>[0];

/**
 * What the page last passed to the flow's hook (the router's navigate and path, the session actor, a page's
 * reload), read when the machine acts, so a binding never acts on a stale render; `subscribe` hears each render
 * after it is committed (a watcher compares what it follows).
 */
export interface FlowPage<TBound> {
  (): TBound;
  subscribe: (listener: () => void) => () => void;
}

/** Makes the flow's bound implementations, once per running actor. */
export type Bind<TMachine extends AnyStateMachine, TBound> = (page: FlowPage<TBound>) => FlowBinding<TMachine>;

/** The hook's arguments: the input (left out for machines that take none), then what the flow binds to. */
type FlowArgs<TMachine extends AnyStateMachine, TBound> = [TBound] extends [undefined]
  ? [input?: InputFrom<TMachine>]
  : [input: InputFrom<TMachine> | undefined, page: TBound];

type SharedProps<TMachine extends AnyStateMachine, TBound> = { children: ReactNode } & ([TBound] extends [undefined]
  ? { input?: InputFrom<TMachine> }
  : { input?: InputFrom<TMachine>; page: TBound });

export interface FlowContext<TMachine extends AnyStateMachine, TBound = undefined> {
  /** The wired machine, as the app runs it (a test of the wiring may run it on its own). */
  logic: TMachine;
  /** Puts another implementation of the flow's machine (a test's fakes) in place of the app's wiring. */
  Provider: (props: { logic: TMachine; children: ReactNode }) => ReactNode;
  /** Runs the flow for the calling view, re-rendering on every change: its snapshot, its `send`, its actor. */
  useFlow: (...args: FlowArgs<TMachine, TBound>) => [StateFrom<TMachine>, Actor<TMachine>['send'], Actor<TMachine>];
  /** Runs the flow for the calling view without re-rendering it: the view selects what it shows. */
  useFlowActor: (...args: FlowArgs<TMachine, TBound>) => Actor<TMachine>;
  /** Runs one actor of the flow for everything under it. */
  Shared: (props: SharedProps<TMachine, TBound>) => ReactNode;
  /** The actor of the nearest Shared. */
  useSharedActor: () => Actor<TMachine>;
}

/** The page as a flow's binding reads it: the latest committed render's, and who listens for the next. */
function pageHolder<TBound>(first: TBound) {
  let current = first;
  const listeners = new Set<() => void>();
  const page = Object.assign(() => current, {
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  });
  const commit = (next: TBound) => {
    current = next;
    listeners.forEach((listener) => listener());
  };
  return { page, commit };
}

export function flowContext<TMachine extends AnyStateMachine, TBound = undefined>(
  wired: TMachine,
  bind?: Bind<TMachine, TBound>,
): FlowContext<TMachine, TBound> {
  const LogicContext = createContext<TMachine>(wired);
  LogicContext.displayName = `Flow(${wired.id})`;
  const SharedContext = createContext<Actor<TMachine> | null>(null);
  SharedContext.displayName = `SharedFlow(${wired.id})`;

  /** The machine of the nearest Provider, bound once for this mount to the page the latest render passed. */
  function useBoundLogic(bound: TBound): AnyStateMachine {
    const logic: AnyStateMachine = useContext(LogicContext);
    const [{ boundLogic, commit }] = useState(() => {
      const holder = pageHolder(bound);
      return { boundLogic: bind ? logic.provide(bind(holder.page)) : logic, commit: holder.commit };
    });
    // Hands the committed render's page to the binding; it sends the actor nothing itself.
    useLayoutEffect(() => commit(bound));
    return boundLogic;
  }

  function useFlowActor(input?: InputFrom<TMachine>, bound?: TBound): Actor<TMachine> {
    return useActorRef(useBoundLogic(bound as TBound), { input, inspect }) as Actor<TMachine>;
  }

  function useFlow(input?: InputFrom<TMachine>, bound?: TBound) {
    return useMachine(useBoundLogic(bound as TBound), { input, inspect });
  }

  function Shared({ input, page, children }: { input?: InputFrom<TMachine>; page?: TBound; children: ReactNode }) {
    return <SharedContext.Provider value={useFlowActor(input, page)}>{children}</SharedContext.Provider>;
  }

  function useSharedActor(): Actor<TMachine> {
    const actor = useContext(SharedContext);
    if (!actor) throw new Error(`${wired.id}: useSharedActor needs its flow's Shared above it`);
    return actor;
  }

  function Provider({ logic, children }: { logic: TMachine; children: ReactNode }) {
    return <LogicContext.Provider value={logic}>{children}</LogicContext.Provider>;
  }

  return { logic: wired, Provider, useFlow, useFlowActor, Shared, useSharedActor } as unknown as FlowContext<TMachine, TBound>;
}
