// React.lazy that can be loaded ahead: once `preload()` has resolved, the component renders at once instead of
// suspending. The browser preloads the current page's code before it hydrates the server's HTML, so the page
// hydrates in one go; a part still loading would be thrown away and re-rendered from its fallback (a jump) as
// soon as any update (session, settings, language) reached it.
import { createElement, lazy, type ComponentType } from 'react';

export interface PreloadableComponent<P extends object> {
  (props: P): ReturnType<typeof createElement>;
  preload(): Promise<void>;
}

/** A module whose default export is the component; its own `preload` (if any) loads the parts it shows at once. */
export interface PreloadableModule<P extends object> {
  default: ComponentType<P>;
  preload?: () => Promise<void>;
}

export function preloadableLazy<P extends object>(load: () => Promise<PreloadableModule<P>>): PreloadableComponent<P> {
  let loaded: ComponentType<P> | null = null;
  const Lazy = lazy(load);
  const Component = (props: P) => createElement((loaded ?? Lazy) as ComponentType<P>, props);
  Component.preload = async () => {
    const module = await load();
    await module.preload?.();
    loaded = module.default;
  };
  return Component;
}
