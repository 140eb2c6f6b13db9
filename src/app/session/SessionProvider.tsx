// Puts a session actor in context: the app's own by default, a test's actor when one is given.
import { createContext, type ReactNode } from 'react';
import type { SessionActor } from './sessionActor.ts';

export const SessionContext = createContext<SessionActor | null>(null);

export function SessionProvider({ actor, children }: { actor: SessionActor; children: ReactNode }) {
  return <SessionContext.Provider value={actor}>{children}</SessionContext.Provider>;
}
