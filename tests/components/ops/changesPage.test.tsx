// The pending-changes screen (four eyes): each change with its proposer, before and after; another admin gets
// approve and reject (approving posts to /changes/{id}/approve/), the proposer and non-admins get no buttons.
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@lingui/core';
import { messages as opsEn } from '../../../locales/en/ops.po';
import { messages as opsRu } from '../../../locales/ru/ops.po';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { OpsPendingChange } from '../../../src/api/schemas/opsChanges.ts';
import { PendingChangesList } from '../../../src/ops/ChangesPage.tsx';
import { renderWithI18n } from '../render.tsx';

const change: OpsPendingChange = {
  id: 7,
  kind: 'account.add',
  target: 'CARDRUB',
  before: null,
  after: { code: 'CARDRUB', number: '4276380000000007', holder: 'Olga Four' },
  proposedBy: 'first@example.com',
  proposedAt: '2026-11-26T10:00:00.000Z',
  decidedBy: null,
  decidedAt: null,
  decision: null,
};

// The console's own catalogs, beside the site's that the setup loads.
beforeAll(() => i18n.load({ en: opsEn, ru: opsRu }));

let posted: string[];
beforeEach(() => {
  posted = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      posted.push(`${init.method ?? 'GET'} ${url}`);
      return new Response(JSON.stringify({ ...change, decision: 'approved' }), { status: 200 });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('pending changes', () => {
  it('shows before and after and lets a second admin approve, in English', async () => {
    const decided = vi.fn();
    renderWithI18n(<PendingChangesList changes={[change]} viewer={{ email: 'second@example.com', role: 'admin' }} onDecided={decided} />, { locale: 'en' });
    expect(screen.getByRole('heading', { name: '#7 account.add · CARDRUB' })).toBeTruthy();
    expect(screen.getByText(/Proposed by first@example\.com/)).toBeTruthy();
    expect(screen.getByText('Before')).toBeTruthy();
    expect(screen.getByText(/"holder": "Olga Four"/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Approve and apply' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm: Approve and apply' }));
    // The console's calls go in the language the app was opened in (Russian unless told).
    await waitFor(() => expect(posted).toEqual([expect.stringMatching(/^POST \/ops-api\/(en\/)?v1\/changes\/7\/approve\/$/)]), { timeout: 2000 });
    await waitFor(() => expect(decided).toHaveBeenCalled());
  });

  it('gives the proposer no buttons, in Russian, and says so', () => {
    renderWithI18n(<PendingChangesList changes={[change]} viewer={{ email: 'first@example.com', role: 'admin' }} onDecided={() => {}} />, { locale: 'ru', path: '/' });
    expect(screen.getByText(/Предложил first@example\.com/)).toBeTruthy();
    expect(screen.getByText('До')).toBeTruthy();
    expect(screen.getByText('Своё изменение одобряет другой администратор.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Одобрить и применить' })).toBeNull();
  });

  it('gives an auditor no buttons, and says when nothing waits', () => {
    const { unmount } = renderWithI18n(<PendingChangesList changes={[change]} viewer={{ email: 'a@example.com', role: 'auditor' }} onDecided={() => {}} />, { locale: 'en' });
    expect(screen.queryByRole('button')).toBeNull();
    unmount();
    renderWithI18n(<PendingChangesList changes={[]} viewer={{ email: 'a@example.com', role: 'admin' }} onDecided={() => {}} />, { locale: 'ru', path: '/' });
    expect(screen.getByText('Ожидающих изменений нет.')).toBeTruthy();
  });
});
