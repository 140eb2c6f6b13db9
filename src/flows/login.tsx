// The sign-in form (src/wiring/login.ts), or a test's fakes; a successful sign-in is handed to the session
// of the nearest SessionProvider (the app's own by default).
import { createContext, useContext, useState, type ReactNode } from 'react';
import { useActorRef } from '@xstate/react';
import type { Actor, InputFrom } from 'xstate';
import { inspect } from './inspector.ts';
import { wiredLoginMachine } from '../wiring/login.ts';
import { useSessionActor } from './session.tsx';

type LoginMachine = typeof wiredLoginMachine;

const LoginLogicContext = createContext<LoginMachine>(wiredLoginMachine);

export function LoginProvider({ logic, children }: { logic: LoginMachine; children: ReactNode }) {
  return <LoginLogicContext.Provider value={logic}>{children}</LoginLogicContext.Provider>;
}

export function useLoginForm(input: InputFrom<LoginMachine>): Actor<LoginMachine> {
  const logic = useContext(LoginLogicContext);
  const session = useSessionActor();
  // The session actor lives as long as the page: the form is bound to it once.
  const [machine] = useState(() =>
    logic.provide({ actions: { notifySession: (_, { access }) => session.send({ type: 'login.succeeded', access }) } }),
  );
  return useActorRef(machine, { input, inspect });
}
