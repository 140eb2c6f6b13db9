// The header's burger menu (src/wiring/mobileMenu.ts).
import { flowContext } from './flowContext.tsx';
import { wiredMobileMenuMachine } from '../wiring/mobileMenu.ts';

const mobileMenuFlow = flowContext(wiredMobileMenuMachine);

export const useMobileMenu = mobileMenuFlow.useFlowActor;
