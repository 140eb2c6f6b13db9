// The session machine bound to the real endpoints, and the one session actor of the page. It is created on first
// use (not at import) and registers itself as the API client's refresher. The endpoint modules (and the zod schemas
// they parse with) are loaded on the first call, so they stay out of the first-load bundle.
import { createActor, fromPromise, type ActorRefFrom } from 'xstate';
import { sessionMachine } from '../../machines/session.ts';
import { hasSessionCookie } from '../api/sessionCookie.ts';
import { setAccessToken, setRefresher } from '../api/credentials.ts';
import { withErrorBody } from '../api/errors.ts';
import { localeFromPath, localizePath } from '../i18n/locales.ts';
import { inspect } from '../flows/inspector.ts';

export type SessionActor = ActorRefFrom<typeof sessionMachine>;

const currentLocale = () => localeFromPath(window.location.pathname);

const wiredSessionMachine = sessionMachine.provide({
  actors: {
    refreshToken: fromPromise(async () => {
      const { refresh } = await import('../api/auth.ts');
      return withErrorBody(refresh);
    }),
    fetchUser: fromPromise(async () => {
      const { me } = await import('../api/users.ts');
      return withErrorBody(me);
    }),
    logout: fromPromise(async () => {
      const { logout } = await import('../api/auth.ts');
      try {
        await withErrorBody(() => logout(currentLocale()));
      } catch (body) {
        console.error('logout failed', body);
        throw body;
      }
    }),
  },
  actions: {
    storeAccessToken: (_, { token }) => setAccessToken(token),
    redirectHome: () => window.location.assign(localizePath('/', currentLocale())),
  },
});

/**
 * What the API client calls on a 401 token_not_valid: tell the session, and resolve with the token it settles on
 * (null when signed out). The machine refreshes once however many calls ask, and bounds the wait itself.
 */
export function sessionRefresher(actor: SessionActor): () => Promise<string | null> {
  return () =>
    new Promise((resolve) => {
      if (actor.getSnapshot().status !== 'active') return resolve(null);
      const subscription = actor.on('token.settled', ({ token }) => {
        subscription.unsubscribe();
        resolve(token);
      });
      actor.send({ type: 'token.expired' });
    });
}

let appSession: SessionActor | null = null;

/** The app's session: restored from the refresh cookie on first use. */
export function appSessionActor(): SessionActor {
  if (!appSession) {
    const actor = createActor(wiredSessionMachine, { input: { hasSessionCookie: hasSessionCookie() }, inspect });
    setRefresher(sessionRefresher(actor));
    actor.start();
    appSession = actor;
  }
  return appSession;
}
