// App-wide notification modals (notification machine): `useNotify()(notice)` queues one; they show one at a time.
// The modal (and dompurify with it) is loaded only when a notice is shown.
import { createContext, lazy, Suspense, useCallback, useContext, type ReactNode } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { notificationMachine, type Notice } from '../../machines/notification.ts';
import { inspect } from './inspector.ts';

const NotificationModal = lazy(() => import('../components/ui/NotificationModal.tsx'));

const NotifyContext = createContext<((notice: Notice) => void) | null>(null);

export function NotificationProvider({ children }: { children: ReactNode }) {
  const actor = useActorRef(notificationMachine, { inspect });
  const current = useSelector(actor, (s) => (s.hasTag('open') ? s.context.current : null));
  const notify = useCallback((notice: Notice) => actor.send({ type: 'notice.show', notice }), [actor]);

  return (
    <NotifyContext.Provider value={notify}>
      {children}
      {current && (
        <Suspense fallback={null}>
          <NotificationModal {...current} open onClose={() => actor.send({ type: 'notice.close' })} />
        </Suspense>
      )}
    </NotifyContext.Provider>
  );
}

export function useNotify(): (notice: Notice) => void {
  const notify = useContext(NotifyContext);
  if (!notify) throw new Error('useNotify needs <NotificationProvider>');
  return notify;
}
