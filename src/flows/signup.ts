// The sign-up form (src/wiring/signup.ts), or a test's fakes.
import { flowContext } from './flowContext.tsx';
import { wiredSignupMachine } from '../wiring/signup.ts';

const signupFlow = flowContext(wiredSignupMachine);

export const SignupProvider = signupFlow.Provider;
export const useSignupForm = signupFlow.useFlowActor;
