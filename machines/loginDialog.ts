// The header's login dialog: one for the whole page. The header's Login buttons (desktop or burger menu) and the
// calculator's "Sign in" open it; its close button, Escape and the form's way out (signed in, or off to the
// registration or recovery page) close it. The dialog outlives the burger menu that opened it.
import { setup } from 'xstate';

export type LoginDialogEvent = { type: 'loginDialog.open' } | { type: 'loginDialog.close' };

export const loginDialogMachine = setup({
  types: { events: {} as LoginDialogEvent },
}).createMachine({
  // Stryker disable next-line StringLiteral: the id names the machine in diagrams and the inspector; no state refers to it.
  id: 'loginDialog',
  initial: 'closed',
  states: {
    closed: {
      on: { 'loginDialog.open': 'open' },
    },
    open: {
      tags: ['open'],
      on: { 'loginDialog.close': 'closed' },
    },
  },
});
