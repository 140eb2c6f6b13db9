// An island of a server-rendered page (the home's exchange form) hydrates only when the visitor reaches for it: its
// server HTML stays, inert, and its code is not fetched until a pointer, touch, key or focus inside it; then the
// same elements come alive, and a click made before that is made again on them. Rendered by the browser alone, it
// loads at once.
import { act, useState } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { HydrationProvider } from '../../src/components/hydration.tsx';
import { InteractionIsland } from '../../src/components/InteractionIsland.tsx';
import { preloadableLazy } from '../../src/components/preloadableLazy.ts';
import { TextInput } from '../../src/components/ui/TextInput.tsx';
import { hydrate } from './hydrate.tsx';

function Form({ onToggle }: { onToggle: () => void }) {
  const [on, setOn] = useState(false);
  return (
    <form>
      <TextInput label="Amount" name="amount" defaultValue="" />
      <button
        type="button"
        aria-pressed={on}
        onClick={() => {
          setOn(!on);
          onToggle();
        }}
      >
        Verified rate
      </button>
    </form>
  );
}

function island(onToggle: () => void) {
  const load = vi.fn(() => Promise.resolve({ default: Form }));
  const LazyForm = preloadableLazy(load);
  const page = (
    <HydrationProvider serverRendered>
      <InteractionIsland preload={LazyForm.preload} fallback={<p>Loading</p>}>
        <LazyForm onToggle={onToggle} />
      </InteractionIsland>
    </HydrationProvider>
  );
  return { load, page, preload: LazyForm.preload };
}

/** The server's HTML of the page (rendered as the server build does), hydrated by the browser's. */
async function serverRendered(onToggle: () => void) {
  const server = island(onToggle);
  // The server renders the part's code, loaded (its prerender waits for it).
  await server.preload();
  vi.stubEnv('SSR', true);
  const html = renderToString(server.page);
  vi.unstubAllEnvs();
  const browser = island(onToggle);
  await hydrate(html, browser.page);
  return browser;
}

describe('a part hydrated when the visitor reaches for it', () => {
  it('keeps its server HTML, inert, and fetches nothing until then', async () => {
    const errors = vi.spyOn(console, 'error');
    const { load } = await serverRendered(() => {});
    expect(load).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Amount')).toHaveAttribute('readonly');
    expect(screen.queryByText('Loading')).toBeNull();
    expect(document.querySelector('[data-island]')).not.toHaveAttribute('data-hydrated');
    expect(errors).not.toHaveBeenCalled();
  });

  it('hydrates the same elements once a pointer comes over it', async () => {
    const errors = vi.spyOn(console, 'error');
    const { load } = await serverRendered(() => {});
    const field = screen.getByLabelText('Amount');
    await act(async () => {
      field.dispatchEvent(new PointerEvent('pointerover', { bubbles: true }));
    });
    expect(load).toHaveBeenCalledTimes(1);
    expect(screen.getByLabelText('Amount')).toBe(field);
    expect(field).not.toHaveAttribute('readonly');
    expect(document.querySelector('[data-island]')).toHaveAttribute('data-hydrated', 'true');
    expect(errors).not.toHaveBeenCalled();
  });

  it('makes a click that came before hydration again once hydrated', async () => {
    const onToggle = vi.fn();
    await serverRendered(onToggle);
    const button = screen.getByRole('button', { name: 'Verified rate' });
    await act(async () => {
      button.click();
    });
    expect(onToggle).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Verified rate' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('a focus inside it by keyboard is enough', async () => {
    const { load } = await serverRendered(() => {});
    await act(async () => {
      screen.getByLabelText('Amount').focus();
    });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('loads at once when the visitor reached for the page before the app ran', async () => {
    // The loader marks that reach (server/http/appLoader.js): it is gone for the part, which was not there yet.
    document.documentElement.dataset.reached = '';
    const { load } = await serverRendered(() => {});
    expect(load).toHaveBeenCalledTimes(1);
    expect(screen.getByLabelText('Amount')).not.toHaveAttribute('readonly');
    expect(document.querySelector('[data-island]')).toHaveAttribute('data-hydrated', 'true');
  });

  it('loads at once when the browser renders it alone', async () => {
    const { load, page } = island(() => {});
    render(page);
    expect(await screen.findByLabelText('Amount')).not.toHaveAttribute('readonly');
    expect(load).toHaveBeenCalledTimes(1);
  });
});
