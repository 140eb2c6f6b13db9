// The one session actor of the app, bound to the real endpoints. It is created on first use (not at import),
// registers the API client's refresher, and lives as long as the page. The endpoint modules (and the zod schemas
// they parse with) are loaded on the first call, so they stay out of the first-load bundle.
import { createActor, fromPromise, waitFor, type ActorRefFrom } from 'xstate';
import { sessionMachine } from '../../../machines/session.ts';
import { hasSessionCookie } from '../../api/sessionCookie.ts';
import { setAccessToken, setRefresher } from '../../api/credentials.ts';
import { localeFromPath, localizePath } from '../../i18n/locales.ts';
import { inspect } from '../inspector.ts';
import { withErrorBody } from './errorBody.ts';

export type SessionActor = ActorRefFrom<typeof sessionMachine>;

const currentLocale = () => localeFromPath(window.location.pathname);

export const appSessionMachine = sessionMachine.provide({
  actors: {
    refreshToken: fromPromise(async () => {
      const { refresh } = await import('../../api/auth.ts');
      return withErrorBody(refresh);
    }),
    fetchUser: fromPromise(async () => {
      const { me } = await import('../../api/users.ts');
      return withErrorBody(me);
    }),
    logout: fromPromise(async () => {
      const { logout } = await import('../../api/auth.ts');
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
 * What the API client calls on a 401 token_not_valid (it already makes all waiting calls share one call):
 * ask the session to refresh, wait until it has settled, and hand back the new token (or null when signed out).
 */
export function sessionRefresher(actor: SessionActor): () => Promise<string | null> {
  return async () => {
    actor.send({ type: 'token.expired' });
    const settled = await waitFor(actor, (s) => !s.hasTag('loading') && !s.matches('refreshing') && !s.matches('loggingOut'), {
      timeout: 30_000,
    }).catch(() => null);
    return settled?.matches('signedIn') ? settled.context.accessToken : null;
  };
}

let appSession: SessionActor | null = null;

/** The app's session: restored from the refresh cookie on first use. */
export function getSessionActor(): SessionActor {
  if (!appSession) {
    const actor = createActor(appSessionMachine, {
      input: { hasSessionCookie: hasSessionCookie() },
      inspect,
    });
    setRefresher(sessionRefresher(actor));
    actor.start();
    appSession = actor;
  }
  return appSession;
}
