import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { Tooltip, TOOLTIP_OPEN_DELAY_MS, TOOLTIP_SKIP_DELAY_MS } from '../../../src/components/ui/Tooltip.tsx';
import { renderWithI18n } from '../render.tsx';

function two() {
  renderWithI18n(
    <>
      <Tooltip content="Rate is fixed for 30 minutes">
        <button type="button">Rate</button>
      </Tooltip>
      <Tooltip content="Reserve of the service">
        <button type="button">Reserve</button>
      </Tooltip>
    </>,
  );
}

const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));
// React's pointer enter/leave come from pointerover/pointerout (user-event's hover waits on real timers).
const hover = (element: Element) => fireEvent.pointerOver(element);
const unhover = (element: Element) => fireEvent.pointerOut(element);

describe('Tooltip', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('opens on hover only after 700 ms and describes its trigger', () => {
    two();
    const rate = screen.getByRole('button', { name: 'Rate' });
    hover(rate);
    advance(TOOLTIP_OPEN_DELAY_MS - 1);
    expect(screen.queryByRole('tooltip')).toBeNull();
    advance(1);
    expect(screen.getByRole('tooltip')).toHaveTextContent('Rate is fixed for 30 minutes');
    expect(rate).toHaveAccessibleDescription('Rate is fixed for 30 minutes');
    unhover(rate);
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('does not open when the pointer leaves before the delay', () => {
    two();
    const rate = screen.getByRole('button', { name: 'Rate' });
    hover(rate);
    advance(500);
    unhover(rate);
    advance(1000);
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('opens on keyboard focus and closes on Escape', () => {
    two();
    const reserve = screen.getByRole('button', { name: 'Reserve' });
    act(() => reserve.focus());
    advance(TOOLTIP_OPEN_DELAY_MS);
    expect(screen.getByRole('tooltip')).toHaveTextContent('Reserve of the service');
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('opens the next tooltip at once within the 300 ms skip delay, and with the full delay after it', () => {
    two();
    const rate = screen.getByRole('button', { name: 'Rate' });
    const reserve = screen.getByRole('button', { name: 'Reserve' });
    hover(rate);
    advance(TOOLTIP_OPEN_DELAY_MS);
    unhover(rate);
    advance(TOOLTIP_SKIP_DELAY_MS - 100);
    hover(reserve);
    expect(screen.getByRole('tooltip')).toHaveTextContent('Reserve of the service');
    unhover(reserve);

    advance(TOOLTIP_SKIP_DELAY_MS + 1);
    hover(rate);
    expect(screen.queryByRole('tooltip')).toBeNull();
    advance(TOOLTIP_OPEN_DELAY_MS);
    expect(screen.getByRole('tooltip')).toHaveTextContent('Rate is fixed for 30 minutes');
  });
});
