// The account activation of a mailed link's token (src/wiring/activation.ts), or a test's fakes: started at
// once, retried on request.
import { createContext, createElement, useContext, useState, type ReactNode } from 'react';
import type { RequestMachine } from '../../machines/request.ts';
import { activationActors, type ActivationActor } from '../wiring/activation.ts';
import { useRequestView } from './request.ts';

const ActivationContext = createContext<(token: string) => ActivationActor>(activationActors());

/** Puts another implementation of a token's activation (a test's fakes) in place of the app's wiring. */
export function ActivationProvider({ logic, children }: { logic: (token: string) => RequestMachine; children: ReactNode }) {
  // The actors outlive a remount of the page, as the app's own do.
  const [actorOf] = useState(() => activationActors(logic));
  return createElement(ActivationContext.Provider, { value: actorOf }, children);
}

export function useActivation(token: string) {
  const actorOf = useContext(ActivationContext);
  return useRequestView(actorOf(token));
}
