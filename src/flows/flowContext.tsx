// The seam between a view and its flow: the app's wiring module hands in the machine bound to the real API, a test
// hands in the same machine provided with fakes, and the view only calls the hook. Inspection is attached here.
import { createContext, useContext, type ReactNode } from 'react';
import { useActorRef, useMachine } from '@xstate/react';
import type { Actor, AnyStateMachine, InputFrom, StateFrom } from 'xstate';
import { inspect } from './inspector.ts';

/** The input argument (left out for machines that take none). */
type InputArgs<TMachine extends AnyStateMachine> = [input?: InputFrom<TMachine>];

export interface FlowContext<TMachine extends AnyStateMachine> {
  /** Puts another implementation of the flow's machine (a test's fakes) in place of the app's wiring. */
  Provider: (props: { logic: TMachine; children: ReactNode }) => ReactNode;
  /** Runs the flow for the calling view, re-rendering on every change: its snapshot, its `send`, its actor. */
  useFlow: (...input: InputArgs<TMachine>) => [StateFrom<TMachine>, Actor<TMachine>['send'], Actor<TMachine>];
  /** Runs the flow for the calling view without re-rendering it: the view selects what it shows. */
  useFlowActor: (...input: InputArgs<TMachine>) => Actor<TMachine>;
}

export function flowContext<TMachine extends AnyStateMachine>(wired: TMachine): FlowContext<TMachine> {
  const LogicContext = createContext<TMachine>(wired);
  LogicContext.displayName = `Flow(${wired.id})`;
  return {
    Provider: ({ logic, children }) => <LogicContext.Provider value={logic}>{children}</LogicContext.Provider>,
    useFlow: (...[input]) => {
      const logic: AnyStateMachine = useContext(LogicContext);
      return useMachine(logic, { input, inspect }) as [StateFrom<TMachine>, Actor<TMachine>['send'], Actor<TMachine>];
    },
    useFlowActor: (...[input]) => {
      const logic: AnyStateMachine = useContext(LogicContext);
      return useActorRef(logic, { input, inspect }) as Actor<TMachine>;
    },
  };
}
