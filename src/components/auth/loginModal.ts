// Whether the login dialog is open: one for the whole page, opened from the header (desktop or burger menu).
// Purely visual state, shared through a tiny store so the dialog outlives the burger menu that opened it.
import { useSyncExternalStore } from 'react';

let open = false;
const listeners = new Set<() => void>();

function set(next: boolean): void {
  if (open === next) return;
  open = next;
  listeners.forEach((listener) => listener());
}

export const openLoginModal = () => set(true);
export const closeLoginModal = () => set(false);

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useLoginModalOpen(): boolean {
  return useSyncExternalStore(subscribe, () => open, () => false);
}
