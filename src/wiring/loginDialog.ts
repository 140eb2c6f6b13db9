// The page's one login dialog actor, created on first use with inspection attached. It lives as long as the page:
// any view (the header, the verified-rate line, a form) may open the one dialog.
import { createActor, type ActorRefFrom } from 'xstate';
import { loginDialogMachine } from '../../machines/loginDialog.ts';
import { inspect } from '../flows/inspector.ts';

export type LoginDialogActor = ActorRefFrom<typeof loginDialogMachine>;

let appLoginDialog: LoginDialogActor | null = null;

export function appLoginDialogActor(): LoginDialogActor {
  appLoginDialog ??= createActor(loginDialogMachine, { inspect }).start();
  return appLoginDialog;
}
