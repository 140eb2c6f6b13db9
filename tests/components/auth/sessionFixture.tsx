// A session actor for component tests: the real session machine with in-memory endpoints.
import type { ReactElement } from 'react';
import { createActor, fromPromise } from 'xstate';
import { loginDialogMachine } from '../../../machines/loginDialog.ts';
import { sessionMachine } from '../../../machines/session.ts';
import type { User } from '../../../src/api/schemas/user.ts';
import { SessionProvider } from '../../../src/flows/session.tsx';
import { LoginDialogProvider, type LoginDialogActor } from '../../../src/flows/loginDialog.tsx';
import { LocaleProvider } from '../../../src/flows/locale.tsx';

export const demoUser: User = {
  id: 7,
  email: 'demo@example.test',
  activated: true,
  referralCode: 'DEMO7',
  verified: false,
  dateJoined: '2026-01-01T00:00:00Z',
};

/** `user` is who the server knows; `signedIn` whether the page starts with their refresh cookie. */
export function fakeSession({
  user = null,
  signedIn = user !== null,
}: { user?: User | null; signedIn?: boolean } = {}) {
  const calls = { logout: 0, redirects: 0 };
  const actor = createActor(
    sessionMachine.provide({
      actors: {
        refreshToken: fromPromise(async () => 'token'),
        fetchUser: fromPromise(async () => {
          if (!user) throw { code: 'token_not_valid' };
          return user;
        }),
        logout: fromPromise(async () => {
          calls.logout += 1;
        }),
      },
      actions: {
        redirectHome: () => {
          calls.redirects += 1;
        },
      },
    }),
    { input: { hasSessionCookie: signedIn } },
  );
  actor.start();
  return { actor, calls };
}

/** The page's login dialog, closed: each test gets its own. */
export function loginDialog(): LoginDialogActor {
  return createActor(loginDialogMachine).start();
}

export function withSession(
  ui: ReactElement,
  actor: ReturnType<typeof fakeSession>['actor'],
  dialog: LoginDialogActor = loginDialog(),
): ReactElement {
  return (
    <LocaleProvider>
      <SessionProvider actor={actor}>
        <LoginDialogProvider actor={dialog}>{ui}</LoginDialogProvider>
      </SessionProvider>
    </LocaleProvider>
  );
}
