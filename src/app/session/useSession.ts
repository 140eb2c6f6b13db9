// The session as views see it: loading (being restored), anonymous or signed in with the user.
import { useContext } from 'react';
import { useSelector } from '@xstate/react';
import type { User } from '../../api/schemas/user.ts';
import { SessionContext } from './SessionProvider.tsx';
import { getSessionActor, type SessionActor } from './sessionActor.ts';

export type SessionStatus = 'loading' | 'anonymous' | 'signedIn';

export interface SessionView {
  status: SessionStatus;
  user: User | null;
  send: SessionActor['send'];
}

/** The actor of the nearest SessionProvider, else the app's session. */
export function useSessionActor(): SessionActor {
  return useContext(SessionContext) ?? getSessionActor();
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
