// The interface language. The URL decides the language; the switcher asks for the other one.
// A switch loads the catalog, remembers the choice (cookie), activates it and goes to the same page in that language.
// Following a URL change (a link, back/forward) loads and activates without touching the cookie.
import { assign, fromPromise, setup } from 'xstate';

type Locale = 'ru' | 'en';

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
  },
  actions: {
    activate: (_, _params: { locale: Locale }) => {},
    rememberChoice: (_, _params: { locale: Locale }) => {},
    navigate: (_, _params: { to: string }) => {},
  },
  guards: {
    isOtherLocale: ({ context, event }) =>
      (event.type === 'locale.switch' || event.type === 'route.changed') && event.locale !== context.locale,
  },
}).createMachine({
  id: 'locale',
  context: ({ input }) => ({ locale: input.locale, pending: input.locale, target: null, error: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'loadCatalog',
        input: ({ context }) => ({ locale: context.pending }),
        onDone: {
          target: 'ready',
          actions: [
            assign({ locale: ({ context }) => context.pending, error: null }),
            { type: 'activate', params: ({ context }) => ({ locale: context.pending }) },
          ],
        },
        onError: { target: 'failed', actions: assign({ error: 'catalog_load_failed' }) },
      },
    },
    ready: {
      on: {
        'locale.switch': {
          guard: 'isOtherLocale',
          target: 'switching',
          actions: assign({ pending: ({ event }) => event.locale, target: ({ event }) => event.target }),
        },
        'route.changed': {
          guard: 'isOtherLocale',
          target: 'loading',
          actions: assign({ pending: ({ event }) => event.locale }),
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
            assign({ locale: ({ context }) => context.pending, error: null }),
            { type: 'activate', params: ({ context }) => ({ locale: context.pending }) },
            { type: 'navigate', params: ({ context }) => ({ to: context.target ?? '/' }) },
            assign({ target: null }),
          ],
        },
        // The page stays in the current language; the switcher shows the failure and can be used again.
        onError: {
          target: 'ready',
          actions: assign({ pending: ({ context }) => context.locale, target: null, error: 'catalog_load_failed' }),
        },
      },
    },
    failed: {
      on: {
        'locale.retry': { target: 'loading' },
        'route.changed': { target: 'loading', actions: assign({ pending: ({ event }) => event.locale }) },
      },
    },
  },
});
