// A hint shown on hover or keyboard focus after 700 ms; once one tooltip has been seen, moving to another within
// 300 ms shows it at once (skip delay). Escape hides it. The trigger is described by the tooltip.
import { cloneElement, useEffect, useId, useLayoutEffect, useRef, useState, type ReactElement, type ReactNode } from 'react';

/** Space kept between a tooltip and the edge of the window. */
const VIEWPORT_MARGIN_PX = 8;

export const TOOLTIP_OPEN_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;

/** When the last tooltip closed, shared by all tooltips for the skip delay. */
let lastClosedAt = Number.NEGATIVE_INFINITY;

export function Tooltip({
  content,
  children,
  placement = 'top',
}: {
  content: ReactNode;
  /** One focusable element (button, link, input). */
  children: ReactElement<{ 'aria-describedby'?: string }>;
  placement?: 'top' | 'bottom';
}) {
  const id = useId();
  // Purely visual state: whether the hint is on screen.
  const [open, setOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const bubble = useRef<HTMLSpanElement>(null);

  const clear = () => {
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = null;
  };
  const show = () => {
    clear();
    if (Date.now() - lastClosedAt < TOOLTIP_SKIP_DELAY_MS) {
      setOpen(true);
      return;
    }
    timer.current = setTimeout(() => setOpen(true), TOOLTIP_OPEN_DELAY_MS);
  };
  const hide = () => {
    clear();
    setOpen((wasOpen) => {
      if (wasOpen) lastClosedAt = Date.now();
      return false;
    });
  };

  useEffect(() => clear, []);

  // Centred on its trigger the hint may run past the window's edge (a "?" at the right of a phone screen):
  // slide it back inside before it is painted.
  useLayoutEffect(() => {
    const element = bubble.current;
    if (!open || !element) return;
    const { left, right } = element.getBoundingClientRect();
    const limit = document.documentElement.clientWidth - VIEWPORT_MARGIN_PX;
    const shift = right > limit ? limit - right : left < VIEWPORT_MARGIN_PX ? VIEWPORT_MARGIN_PX - left : 0;
    element.style.marginLeft = `${shift}px`;
  }, [open]);

  useEffect(() => {
    if (!open) return undefined;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      if (timer.current !== null) clearTimeout(timer.current);
      lastClosedAt = Date.now();
      setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  const describedBy = [children.props['aria-describedby'], open ? id : null].filter(Boolean).join(' ') || undefined;

  return (
    <span className="relative inline-flex" onPointerEnter={show} onPointerLeave={hide} onFocus={show} onBlur={hide}>
      {cloneElement(children, { 'aria-describedby': describedBy })}
      {open && (
        <span
          ref={bubble}
          id={id}
          role="tooltip"
          className={`absolute left-1/2 z-50 w-max max-w-64 -translate-x-1/2 rounded-md bg-navy-900 px-2.5 py-1.5 text-xs leading-snug text-white shadow-lg ${
            placement === 'top' ? 'bottom-full mb-2' : 'top-full mt-2'
          }`}
        >
          {content}
        </span>
      )}
    </span>
  );
}
