// The burger menu of the phone header. While it is open the page underneath must not scroll.
// Choosing an item, Register or the login/logout button (which opens the login modal itself) closes it,
// and so does any navigation.
import { setup } from 'xstate';

export type MobileMenuEvent =
  | { type: 'menu.toggle' }
  | { type: 'menu.open' }
  | { type: 'menu.close' }
  | { type: 'menu.itemChosen' }
  | { type: 'route.changed' };

export const mobileMenuMachine = setup({
  types: { events: {} as MobileMenuEvent },
  actions: {
    /** overflow: hidden on the page plus padding-right equal to the scrollbar it hides. */
    lockScroll: () => {},
    unlockScroll: () => {},
  },
}).createMachine({
  id: 'mobileMenu',
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
      entry: 'lockScroll',
      exit: 'unlockScroll',
      on: {
        'menu.toggle': 'closed',
        'menu.close': 'closed',
        'menu.itemChosen': 'closed',
        'route.changed': 'closed',
      },
    },
  },
});
