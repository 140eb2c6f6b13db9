// The interface language. The URL decides the language; the switcher asks for the other one.
// A switch loads the catalog, remembers the choice (cookie), activates it and goes to the same page in that language.
// Following a URL change (a link, back/forward) loads and activates without touching the cookie.
import { assertEvent, assign, fromCallback, fromPromise, setup } from 'xstate';
import type { Locale } from '../src/domain/locale.ts';

export interface LocaleContext {
  /** The active language (its catalog is loaded). */
  locale: Locale;
  /** The language being loaded. */
  pending: Locale;
  /** Where to go once a switch succeeds (the same page in the other language). */
  target: string | null;
  /** Code of the last failure, cleared by the next success. */
  error: 'catalog_load_failed' | null;
}

export type LocaleEvent =
  | { type: 'locale.switch'; locale: Locale; target: string }
  | { type: 'route.changed'; locale: Locale }
  | { type: 'locale.retry' };

export const localeMachine = setup({
  types: {
    context: {} as LocaleContext,
    events: {} as LocaleEvent,
    input: {} as { locale: Locale },
  },
  actors: {
    loadCatalog: fromPromise<void, { locale: Locale }>(async () => {
      throw new Error('loadCatalog must be provided');
    }),
    /** Provided by the app: sends `route.changed` whenever a navigation leads to a page in another language. */
    watchRoute: fromCallback<LocaleEvent>(() => undefined),
  },
  actions: {
    activate: (_, _params: { locale: Locale }) => {},
    rememberChoice: (_, _params: { locale: Locale }) => {},
    navigate: (_, _params: { to: string }) => {},
    /** The loaded language becomes the active one; an earlier failure is forgotten. */
    adoptPending: assign(({ context }) => ({ locale: context.pending, error: null })),
    /** A switch asks for the other language and remembers the same page in it. */
    startSwitch: assign(({ event }) => {
      assertEvent(event, 'locale.switch');
      return { pending: event.locale, target: event.target };
    }),
    followRoute: assign(({ event }) => {
      assertEvent(event, 'route.changed');
      return { pending: event.locale };
    }),
    forgetTarget: assign({ target: null }),
    showLoadFailure: assign({ error: 'catalog_load_failed' as const }),
    /** The page stays in the current language: the pending switch is dropped. */
    cancelSwitch: assign(({ context }) => ({ pending: context.locale, target: null })),
  },
  guards: {
    isOtherLocale: ({ context, event }) => {
      assertEvent(event, ['locale.switch', 'route.changed']);
      return event.locale !== context.locale;
    },
  },
}).createMachine({
  // Stryker disable next-line StringLiteral: the id names the machine in diagrams and the inspector; no state refers to it.
  id: 'locale',
  context: ({ input }) => ({ locale: input.locale, pending: input.locale, target: null, error: null }),
  invoke: { src: 'watchRoute' },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'loadCatalog',
        input: ({ context }) => ({ locale: context.pending }),
        onDone: {
          target: 'ready',
          actions: ['adoptPending', { type: 'activate', params: ({ context }) => ({ locale: context.pending }) }],
        },
        onError: { target: 'failed', actions: 'showLoadFailure' },
      },
    },
    ready: {
      on: {
        'locale.switch': {
          guard: 'isOtherLocale',
          target: 'switching',
          actions: 'startSwitch',
        },
        'route.changed': {
          guard: 'isOtherLocale',
          target: 'loading',
          actions: 'followRoute',
        },
      },
    },
    switching: {
      invoke: {
        src: 'loadCatalog',
        input: ({ context }) => ({ locale: context.pending }),
        onDone: {
          target: 'ready',
          actions: [
            { type: 'rememberChoice', params: ({ context }) => ({ locale: context.pending }) },
            'adoptPending',
            { type: 'activate', params: ({ context }) => ({ locale: context.pending }) },
            // Stryker disable next-line StringLiteral: a switch always stores its target; the default satisfies the type.
            { type: 'navigate', params: ({ context }) => ({ to: context.target ?? '/' }) },
            'forgetTarget',
          ],
        },
        // The page stays in the current language; the switcher shows the failure and can be used again.
        onError: {
          target: 'ready',
          actions: ['cancelSwitch', 'showLoadFailure'],
        },
      },
    },
    failed: {
      on: {
        'locale.retry': { target: 'loading' },
        'route.changed': { target: 'loading', actions: 'followRoute' },
      },
    },
  },
});
