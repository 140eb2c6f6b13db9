// Hydrates a server's HTML the way the browser's entry does (Testing Library's render mounts, it never hydrates),
// and unmounts it after each test of the file that imports it.
import { act, type ReactNode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { afterEach, vi } from 'vitest';

// Testing Library sets this around its own calls; hydrateRoot is called here directly.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | null = null;

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
  delete document.documentElement.dataset.reached;
  vi.restoreAllMocks();
});

/** Puts `serverHtml` in the document and hydrates it with the browser's `tree`, its effects run. */
export async function hydrate(serverHtml: string, tree: ReactNode): Promise<HTMLElement> {
  const container = document.createElement('div');
  container.innerHTML = serverHtml;
  document.body.append(container);
  await act(async () => {
    root = hydrateRoot(container, tree);
  });
  return container;
}
