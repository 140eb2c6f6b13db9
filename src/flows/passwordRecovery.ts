// The password recovery form (src/wiring/passwordRecovery.ts), or a test's fakes.
import { flowContext } from './flowContext.tsx';
import { wiredPasswordRecoveryMachine } from '../wiring/passwordRecovery.ts';

const passwordRecoveryFlow = flowContext(wiredPasswordRecoveryMachine);

export const PasswordRecoveryProvider = passwordRecoveryFlow.Provider;
export const usePasswordRecoveryForm = passwordRecoveryFlow.useFlowActor;
