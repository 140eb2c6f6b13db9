// The header's burger menu (src/app/wiring/mobileMenu.ts), or a test's fakes.
import { flowContext } from './flowContext.tsx';
import { wiredMobileMenuMachine } from '../wiring/mobileMenu.ts';

const mobileMenuFlow = flowContext(wiredMobileMenuMachine);

export const MobileMenuProvider = mobileMenuFlow.Provider;
export const useMobileMenu = mobileMenuFlow.useFlowActor;
