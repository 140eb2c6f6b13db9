// A module loaded after the first paint (a heavy rule, a flow's wiring), for the views that need it: imported once
// for the whole page, on the first mount that wants it. A view gets it from an effect, never in its first render,
// so a server-rendered page hydrates as it was rendered.
import { useEffect, useState } from 'react';

/** Starts the import, or joins the one under way or done; a failed import is tried again by the next call. */
export type LazyModule<Module> = () => Promise<Module>;

export function lazyModule<Module>(importer: () => Promise<Module>): LazyModule<Module> {
  let importing: Promise<Module> | null = null;
  return () =>
    (importing ??= importer().catch((error: unknown) => {
      importing = null;
      throw error;
    }));
}

/** The module, or null until it is imported; nothing is imported while `wanted` is false. */
export function useLazyModule<Module>(load: LazyModule<Module>, wanted = true): Module | null {
  // Holds the imported module, not flow state.
  const [module, setModule] = useState<Module | null>(null);
  useEffect(() => {
    if (!wanted || module) return;
    let current = true;
    // Offline or a deploy in progress: the view goes on without the module, and the next mount tries again.
    load().then(
      (imported) => current && setModule(() => imported),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [load, wanted, module]);
  return module;
}
