// The update notice through its flow's seam: the real updateCheck machine, provided with a build check that finds a
// new build at once and a counted reload, in a page that runs a built entry script.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fromPromise } from 'xstate';
import { updateCheckMachine } from '../../../machines/updateCheck.ts';
import { UpdateCheckProvider } from '../../../src/flows/updateCheck.ts';
import { UpdateNotice } from '../../../src/components/layout/UpdateNotice.tsx';
import { renderWithI18n } from '../render.tsx';

function renderNotice() {
  const reloads: string[] = [];
  const logic = updateCheckMachine.provide({
    delays: { updateCheck: 0 },
    actors: { fetchLatestBuild: fromPromise(async () => 'assets/index-new.js') },
    actions: { reload: () => void reloads.push('reload') },
  });
  const page = renderWithI18n(
    <UpdateCheckProvider logic={logic}>
      <UpdateNotice />
    </UpdateCheckProvider>,
    { locale: 'en', path: '/en/rules' },
  );
  return { ...page, reloads };
}

let entry: HTMLScriptElement;
beforeEach(() => {
  entry = document.createElement('script');
  entry.type = 'module';
  entry.src = '/assets/index-old.js';
  document.head.append(entry);
});
afterEach(() => entry.remove());

describe('UpdateNotice', () => {
  it('offers the new build on the page it was opened on, and reloads on the next navigation', async () => {
    const { location, reloads } = renderNotice();
    expect(await screen.findByText('A new version of the site is available.')).toBeInTheDocument();
    expect(reloads).toEqual([]);
    act(() => location.navigate('/en/news'));
    expect(reloads).toEqual(['reload']);
  });

  it('reloads at once on "Reload"', async () => {
    const { reloads } = renderNotice();
    await userEvent.click(await screen.findByRole('button', { name: 'Reload' }));
    expect(reloads).toEqual(['reload']);
  });

  it('hides on "Later" and still reloads on the next navigation', async () => {
    const { location, reloads } = renderNotice();
    await userEvent.click(await screen.findByRole('button', { name: 'Later' }));
    expect(screen.queryByText('A new version of the site is available.')).toBeNull();
    expect(reloads).toEqual([]);
    act(() => location.navigate('/en/contacts'));
    expect(reloads).toEqual(['reload']);
  });
});
