// The session as views see it: loading (being restored), anonymous or signed in with the user. The app's own
// session actor by default; a SessionProvider puts another in place (server rendering, tests).
import { createContext, useContext, type ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import type { User } from '../api/schemas/user.ts';
import { appSessionActor, type SessionActor } from '../wiring/session.ts';

export type { SessionActor };
export type SessionStatus = 'loading' | 'anonymous' | 'signedIn';

export interface SessionView {
  status: SessionStatus;
  user: User | null;
  send: SessionActor['send'];
}

const SessionContext = createContext<SessionActor | null>(null);

export function SessionProvider({ actor, children }: { actor: SessionActor; children: ReactNode }) {
  return <SessionContext.Provider value={actor}>{children}</SessionContext.Provider>;
}

/** The actor of the nearest SessionProvider, else the app's session. */
export function useSessionActor(): SessionActor {
  return useContext(SessionContext) ?? appSessionActor();
}

export function useSession(): SessionView {
  const actor = useSessionActor();
  const status = useSelector(actor, (s): SessionStatus => {
    if (s.hasTag('loading')) return 'loading';
    // Refreshing and logging out keep the user: the page stays as it is meanwhile.
    return s.context.user ? 'signedIn' : 'anonymous';
  });
  const user = useSelector(actor, (s) => s.context.user);
  return { status, user, send: actor.send };
}
