// Notification modals shown one at a time: a notice asked for while another is open waits in a queue
// and opens when the current one is closed.
import { assertEvent, assign, setup } from 'xstate';

/** What the notification modal shows. Texts arrive ready to show (server messages or texts the view translated). */
export interface Notice {
  title: string;
  subtitle?: string;
  /** HTML; the modal sanitizes it. */
  message: string;
  hideClose?: boolean;
  mini?: boolean;
}

export interface NotificationContext {
  current: Notice | null;
  queue: Notice[];
}

export type NotificationEvent = { type: 'notice.show'; notice: Notice } | { type: 'notice.close' };

export const notificationMachine = setup({
  types: { context: {} as NotificationContext, events: {} as NotificationEvent },
  actions: {
    showNotice: assign(({ event }) => {
      assertEvent(event, 'notice.show');
      return { current: event.notice };
    }),
    queueNotice: assign(({ context, event }) => {
      assertEvent(event, 'notice.show');
      return { queue: [...context.queue, event.notice] };
    }),
    showNextQueued: assign(({ context }) => ({ current: context.queue[0] ?? null, queue: context.queue.slice(1) })),
    clearNotice: assign({ current: null }),
  },
  guards: {
    hasQueued: ({ context }) => context.queue.length > 0,
  },
}).createMachine({
  id: 'notification',
  context: { current: null, queue: [] },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'notice.show': { target: 'showing', actions: 'showNotice' },
      },
    },
    showing: {
      tags: ['open'],
      on: {
        'notice.show': { actions: 'queueNotice' },
        'notice.close': [
          {
            guard: 'hasQueued',
            target: 'showing',
            reenter: true,
            actions: 'showNextQueued',
          },
          { target: 'idle', actions: 'clearNotice' },
        ],
      },
    },
  },
});
