// The header's burger menu (src/wiring/mobileMenu.ts): any navigation closes it.
import { useLocation } from 'wouter';
import type { MobileMenuEvent } from '../../machines/mobileMenu.ts';
import { flowContext, type FlowPage } from './flowContext.tsx';
import { routeWatcher } from './route.ts';
import { wiredMobileMenuMachine } from '../wiring/mobileMenu.ts';

const mobileMenuFlow = flowContext(wiredMobileMenuMachine, (page: FlowPage<{ path: string }>) => ({
  actors: { watchRoute: routeWatcher<MobileMenuEvent>(page, () => ({ type: 'route.changed' })) },
}));

export function useMobileMenu() {
  const [path] = useLocation();
  return mobileMenuFlow.useFlowActor(undefined, { path });
}
