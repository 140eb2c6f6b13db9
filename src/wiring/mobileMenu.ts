// The burger menu bound to the page: its scroll lock.
import { fromCallback } from 'xstate';
import { mobileMenuMachine } from '../../machines/mobileMenu.ts';
import { lockPageScroll, unlockPageScroll } from './scrollLock.ts';

export const wiredMobileMenuMachine = mobileMenuMachine.provide({
  actors: {
    scrollLock: fromCallback(() => {
      lockPageScroll();
      return unlockPageScroll;
    }),
  },
});
