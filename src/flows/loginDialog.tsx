// The login dialog as views see it: whether it is open, and the two requests. The page's own dialog actor by
// default; a LoginDialogProvider puts another in place (tests).
import { createContext, useContext, type ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import { appLoginDialogActor, type LoginDialogActor } from '../wiring/loginDialog.ts';

export type { LoginDialogActor };

export interface LoginDialogView {
  open: boolean;
  show: () => void;
  close: () => void;
}

const LoginDialogContext = createContext<LoginDialogActor | null>(null);

export function LoginDialogProvider({ actor, children }: { actor: LoginDialogActor; children: ReactNode }) {
  return <LoginDialogContext.Provider value={actor}>{children}</LoginDialogContext.Provider>;
}

export function useLoginDialog(): LoginDialogView {
  const actor = useContext(LoginDialogContext) ?? appLoginDialogActor();
  const open = useSelector(actor, (s) => s.hasTag('open'));
  return {
    open,
    show: () => actor.send({ type: 'loginDialog.open' }),
    close: () => actor.send({ type: 'loginDialog.close' }),
  };
}
