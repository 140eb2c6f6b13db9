// The account's password change form: the machine bound to the API (src/wiring/passwordChange.ts), or a test's fakes.
import { flowContext } from './flowContext.tsx';
import { wiredPasswordChangeMachine } from '../wiring/passwordChange.ts';

const passwordChangeFlow = flowContext(wiredPasswordChangeMachine);

export const PasswordChangeProvider = passwordChangeFlow.Provider;
export const usePasswordChangeForm = passwordChangeFlow.useFlowActor;
