// The burger menu of the phone header. While it is open the page underneath must not scroll.
// Choosing an item, Register or the login/logout button (which opens the login modal itself) closes it,
// and so does any navigation. The lock is an invoked actor: its cleanup releases the page when the menu closes
// and also when the whole machine stops (a view unmounted with the menu open), where exit actions do not run.
import { fromCallback, setup } from 'xstate';

export type MobileMenuEvent =
  | { type: 'menu.toggle' }
  | { type: 'menu.open' }
  | { type: 'menu.close' }
  | { type: 'menu.itemChosen' }
  | { type: 'route.changed' };

export const mobileMenuMachine = setup({
  types: { events: {} as MobileMenuEvent },
  actors: {
    /** Locks the page scroll (overflow: hidden plus padding-right for the hidden scrollbar); its cleanup unlocks. */
    scrollLock: fromCallback(() => {
      throw new Error('mobileMenu: the app must provide "scrollLock"');
    }),
    /** Provided by the app: sends `route.changed` on every navigation. */
    watchRoute: fromCallback<MobileMenuEvent>(() => undefined),
  },
}).createMachine({
  // Stryker disable next-line StringLiteral: the id names the machine in diagrams and the inspector; no state refers to it.
  id: 'mobileMenu',
  invoke: { src: 'watchRoute' },
  initial: 'closed',
  states: {
    closed: {
      on: {
        'menu.toggle': 'open',
        'menu.open': 'open',
      },
    },
    open: {
      tags: ['open'],
      invoke: { src: 'scrollLock' },
      on: {
        'menu.toggle': 'closed',
        'menu.close': 'closed',
        'menu.itemChosen': 'closed',
        'route.changed': 'closed',
      },
    },
  },
});
