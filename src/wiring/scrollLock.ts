// Locks page scrolling under an overlay. Hiding the scrollbar would shift the page sideways, so the body gets
// a right padding as wide as the scrollbar it loses.
export function lockPageScroll(): void {
  const body = document.body;
  const scrollbar = window.innerWidth - document.documentElement.clientWidth;
  body.dataset.scrollLocked = 'true';
  body.style.overflow = 'hidden';
  body.style.paddingRight = scrollbar > 0 ? `${scrollbar}px` : '';
}

export function unlockPageScroll(): void {
  const body = document.body;
  delete body.dataset.scrollLocked;
  body.style.overflow = '';
  body.style.paddingRight = '';
}
