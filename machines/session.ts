// Who is signed in. The access token lives only in memory (the app's `storeAccessToken`); the refresh token is an
// HttpOnly cookie the browser sends by itself, announced by the readable `logged_in` marker cookie.
// A call that meets an expired token sends `token.expired` and waits for the `token.settled` the machine emits:
// being in one refreshing state makes the refresh single-flight, and a refresh that fails for another reason than
// a refused token (network, server trouble) is tried once more.
import { assign, emit, fromPromise, setup } from 'xstate';
import type { User } from '../src/api/schemas/user.ts';
import { failureCodeOf } from '../src/api/errors.ts';

export interface SessionInput {
  /** The `logged_in` marker cookie exists: a refresh token is worth trying. */
  hasSessionCookie: boolean;
}

export interface SessionContext {
  hasSessionCookie: boolean;
  user: User | null;
  accessToken: string | null;
  /** Code of the last failed logout, so the view can say so; null otherwise. */
  logoutError: string | null;
}

export type SessionEvent =
  | { type: 'login.succeeded'; access: string }
  /** An authorised call answered 401 token_not_valid: fetch a new access token. */
  | { type: 'token.expired' }
  | { type: 'logout' };

/** Emitted whenever the session settles: the token calls may use now, or null when there is none. */
export type SessionEmitted = { type: 'token.settled'; token: string | null };

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    input: {} as SessionInput,
    emitted: {} as SessionEmitted,
  },
  actors: {
    /** POST /front-api/auth/refresh/ → the new access token. */
    refreshToken: fromPromise<string>(async () => {
      throw new Error('session: the app must provide the "refreshToken" actor');
    }),
    /** GET /api/v1/users/me/ with the current access token. */
    fetchUser: fromPromise<User>(async () => {
      throw new Error('session: the app must provide the "fetchUser" actor');
    }),
    /** POST /front-api/auth/logout/; rejects with the error body. */
    logout: fromPromise<void>(async () => {
      throw new Error('session: the app must provide the "logout" actor');
    }),
  },
  actions: {
    /** Hands the token to the API client (memory only). */
    storeAccessToken: (_, _params: { token: string | null }) => {},
    /** Full page load of the home page in the current locale. */
    redirectHome: () => {},
    /** The machine's own copy, beside storeAccessToken's hand-over to the client. */
    keepAccessToken: assign((_, { token }: { token: string | null }) => ({ accessToken: token })),
    storeUser: assign((_, user: User) => ({ user })),
    forgetUser: assign({ user: null }),
    clearLogoutError: assign({ logoutError: null }),
    /** The error body's code, or logout_failed when it carries none. */
    showLogoutError: assign((_, { error }: { error: unknown }) => ({
      logoutError: failureCodeOf(error, 'logout_failed'),
    })),
    /** Answers the calls waiting for a token (the client repeats each once with it). */
    announceToken: emit(({ context }) => ({ type: 'token.settled' as const, token: context.accessToken })),
  },
  guards: {
    hasSessionCookie: ({ context }) => context.hasSessionCookie,
    /** The server refused the refresh token itself: trying again cannot help. */
    refreshRefused: (_, { error }: { error: unknown }) => failureCodeOf(error) === 'token_not_valid',
  },
  delays: {
    /** How long waiting calls wait for one refresh before the session gives up on it. */
    refreshTimeout: 30_000,
    /** Pause before the one more try of a refresh that failed for a passing reason. */
    refreshRetry: 1_000,
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => ({
    hasSessionCookie: input.hasSessionCookie,
    user: null,
    accessToken: null,
    logoutError: null,
  }),
  initial: 'starting',
  states: {
    // Left before the actor's first snapshot (eventless), so a tag here would never show.
    starting: {
      always: [{ guard: 'hasSessionCookie', target: 'restoring' }, { target: 'anonymous' }],
    },
    restoring: {
      tags: ['loading'],
      invoke: {
        src: 'refreshToken',
        onDone: {
          target: 'loadingUser',
          actions: [
            { type: 'keepAccessToken', params: ({ event }) => ({ token: event.output }) },
            { type: 'storeAccessToken', params: ({ event }) => ({ token: event.output }) },
          ],
        },
        onError: { target: 'anonymous' },
      },
    },
    loadingUser: {
      tags: ['loading'],
      invoke: {
        src: 'fetchUser',
        onDone: { target: 'signedIn', actions: { type: 'storeUser', params: ({ event }) => event.output } },
        onError: {
          target: 'anonymous',
          actions: [
            { type: 'keepAccessToken', params: { token: null } },
            { type: 'storeAccessToken', params: { token: null } },
          ],
        },
      },
    },
    signedIn: {
      entry: 'announceToken',
      on: {
        'token.expired': { target: 'refreshing' },
        logout: { target: 'loggingOut', actions: 'clearLogoutError' },
      },
    },
    /** One refresh for every waiting call; the whole renewal may take refreshTimeout at most. */
    refreshing: {
      initial: 'firstTry',
      after: { refreshTimeout: { target: '.gaveUp' } },
      // Every way the renewal fails ends here: the session is over on this page.
      onDone: {
        target: 'anonymous',
        actions: [
          { type: 'keepAccessToken', params: { token: null } },
          'forgetUser',
          { type: 'storeAccessToken', params: { token: null } },
        ],
      },
      states: {
        firstTry: {
          invoke: {
            src: 'refreshToken',
            onDone: {
              target: '#session.signedIn',
              actions: [
                { type: 'keepAccessToken', params: ({ event }) => ({ token: event.output }) },
                { type: 'storeAccessToken', params: ({ event }) => ({ token: event.output }) },
              ],
            },
            onError: [
              { guard: { type: 'refreshRefused', params: ({ event }) => ({ error: event.error }) }, target: 'gaveUp' },
              { target: 'awaitingRetry' },
            ],
          },
        },
        awaitingRetry: {
          after: { refreshRetry: { target: 'secondTry' } },
        },
        secondTry: {
          invoke: {
            src: 'refreshToken',
            onDone: {
              target: '#session.signedIn',
              actions: [
                { type: 'keepAccessToken', params: ({ event }) => ({ token: event.output }) },
                { type: 'storeAccessToken', params: ({ event }) => ({ token: event.output }) },
              ],
            },
            onError: { target: 'gaveUp' },
          },
        },
        /** Refused, failed twice, or out of time. */
        gaveUp: { type: 'final' },
      },
    },
    anonymous: {
      entry: 'announceToken',
      on: {
        'token.expired': { actions: 'announceToken' },
        'login.succeeded': {
          target: 'loadingUser',
          actions: [
            { type: 'keepAccessToken', params: ({ event }) => ({ token: event.access }) },
            { type: 'storeAccessToken', params: ({ event }) => ({ token: event.access }) },
          ],
        },
      },
    },
    loggingOut: {
      invoke: {
        src: 'logout',
        onDone: { target: 'signedOut' },
        onError: {
          target: 'signedIn',
          actions: { type: 'showLogoutError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    /** Left for the home page: the full reload that follows starts a fresh session. */
    signedOut: {
      type: 'final',
      entry: [
        { type: 'keepAccessToken', params: { token: null } },
        'forgetUser',
        { type: 'storeAccessToken', params: { token: null } },
        'announceToken',
        'redirectHome',
      ],
    },
  },
});

export type SessionMachine = typeof sessionMachine;
