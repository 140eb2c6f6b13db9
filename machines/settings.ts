// The public settings of one language (contest, captcha, support e-mail, chat widget): one shared actor per
// language that every view reads. A server-rendered page hands in what it rendered with, so nothing is asked
// again; otherwise they are loaded once, and a failed load is tried again after a pause.
import { assign, fromPromise, setup } from 'xstate';
import type { SettingsResponse } from '../src/api/schemas/calculator.ts';

export interface SettingsInput {
  /** The settings the server rendered the page with, or null when the page came without them. */
  preloaded: SettingsResponse | null;
}

export interface SettingsContext {
  settings: SettingsResponse | null;
}

export const settingsMachine = setup({
  types: { input: {} as SettingsInput, context: {} as SettingsContext },
  actors: {
    /** GET /api/v1/calculator/settings/, parsed with its schema. */
    fetchSettings: fromPromise<SettingsResponse>(async () => {
      throw new Error('settings: the app must provide the "fetchSettings" actor');
    }),
  },
  actions: {
    storeSettings: assign((_, { settings }: { settings: SettingsResponse }) => ({ settings })),
  },
  guards: {
    preloaded: ({ context }) => context.settings !== null,
  },
  delays: {
    /** Offline or the server busy: ask again after this pause. */
    settingsRetry: 10_000,
  },
}).createMachine({
  // Stryker disable next-line StringLiteral: the id names the machine in diagrams and the inspector; no state refers to it.
  id: 'settings',
  context: ({ input }) => ({ settings: input.preloaded }),
  initial: 'starting',
  states: {
    starting: {
      always: [{ guard: 'preloaded', target: 'ready' }, { target: 'loading' }],
    },
    loading: {
      tags: ['busy'],
      invoke: {
        src: 'fetchSettings',
        onDone: { target: 'ready', actions: { type: 'storeSettings', params: ({ event }) => ({ settings: event.output }) } },
        onError: { target: 'waitingToRetry' },
      },
    },
    waitingToRetry: {
      after: { settingsRetry: { target: 'loading' } },
    },
    ready: {},
  },
});
