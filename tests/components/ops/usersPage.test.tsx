// The console's Users screen: find accounts by e-mail, see which are blocked and why, block one with a reason the
// user does not see (posted to /users/{id}/block/), unblock or end sessions; an auditor sees the same rows with no
// buttons and a line saying the screen is read-only for the role. Both languages.
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@lingui/core';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { messages as opsEn } from '../../../locales/en/ops.po';
import { messages as opsRu } from '../../../locales/ru/ops.po';
import type { OpsUser } from '../../../src/api/schemas/opsUsers.ts';
import type { OperatorRole } from '../../../src/domain/operatorRoles.ts';
import { OpsRoleProvider } from '../../../src/ops/roles.tsx';
import { UsersPage } from '../../../src/ops/UsersPage.tsx';
import { renderWithI18n } from '../render.tsx';

const active: OpsUser = {
  id: 5,
  email: 'olga@example.com',
  activated: true,
  verified: false,
  createdAt: '2026-10-01T10:00:00.000Z',
  blockedAt: null,
  blockReason: null,
  liveSessions: 2,
};
const blocked: OpsUser = { ...active, id: 6, email: 'ivan@example.com', blockedAt: '2026-11-20T10:00:00.000Z', blockReason: 'chargebacks', liveSessions: 0 };

beforeAll(() => i18n.load({ en: opsEn, ru: opsRu }));

let calls: { method: string; url: string; body: unknown }[];
beforeEach(() => {
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const method = init.method ?? 'GET';
      calls.push({ method, url, body: init.body ? JSON.parse(String(init.body)) : undefined });
      const body = method === 'GET' ? { count: 2, next: null, previous: null, results: [active, blocked] } : { user: active, sessionsEnded: 2 };
      return new Response(JSON.stringify(body), { status: 200 });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

function renderAs(role: OperatorRole, locale: 'en' | 'ru') {
  return renderWithI18n(
    <OpsRoleProvider role={role}>
      <UsersPage />
    </OpsRoleProvider>,
    { locale, path: '/' },
  );
}

const row = (email: string) => document.querySelector(`[data-user="${email}"]`) as HTMLElement;

describe('users screen', () => {
  it('finds users by e-mail and blocks one with a reason, in English', async () => {
    renderAs('operator', 'en');
    expect(await screen.findByText('olga@example.com')).toBeTruthy();
    expect(row('olga@example.com').textContent).toContain('Not blocked');
    expect(row('olga@example.com').textContent).toContain('Open sessions: 2');
    expect(row('ivan@example.com').textContent).toMatch(/Blocked .*: chargebacks/);
    expect(screen.queryByRole('note')).toBeNull();

    fireEvent.change(screen.getByRole('searchbox', { name: 'E-mail or part of it' }), { target: { value: 'olga' } });
    fireEvent.click(screen.getByRole('button', { name: 'Find' }));
    await waitFor(() => expect(calls.at(-1)?.url).toMatch(/\/users\/\?q=olga&page=1&size=20$/));

    const blockButton = [...row('olga@example.com').querySelectorAll('button')].find((button) => button.textContent === 'Block')!;
    fireEvent.click(blockButton);
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm: Block' }));
    // No reason: the form asks for one before anything is sent.
    expect(await screen.findByText('This field is required.')).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: /^Reason \(for operators and the audit log; the user does not see it\)/ }), { target: { value: 'chargebacks' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm: Block' }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'POST')).toEqual([
      { method: 'POST', url: expect.stringMatching(/^\/ops-api\/(en\/)?v1\/users\/5\/block\/$/), body: { reason: 'chargebacks' } },
    ]));
    // The screen reads the list again after the decision.
    await waitFor(() => expect(calls.at(-1)?.method).toBe('GET'));
  });

  it('unblocks a blocked user, in Russian', async () => {
    renderAs('admin', 'ru');
    await screen.findByText('ivan@example.com');
    expect(row('ivan@example.com').textContent).toMatch(/Заблокирован .*: chargebacks/);
    const unblock = [...row('ivan@example.com').querySelectorAll('button')].find((button) => button.textContent === 'Разблокировать')!;
    fireEvent.click(unblock);
    fireEvent.click(await screen.findByRole('button', { name: 'Подтвердить: Разблокировать' }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'POST').map((call) => call.url)).toEqual([
      expect.stringMatching(/\/users\/6\/unblock\/$/),
    ]));
  });

  it('shows an auditor the users with no buttons to change them, in both languages', async () => {
    const english = renderAs('auditor', 'en');
    await screen.findByText('olga@example.com');
    expect(screen.getByRole('note').textContent).toBe('Read only for your role: you see the data but cannot change it here.');
    for (const name of ['Block', 'Unblock', 'End sessions']) expect(screen.queryByRole('button', { name })).toBeNull();
    english.unmount();
    renderAs('auditor', 'ru');
    await screen.findByText('olga@example.com');
    expect(screen.getByRole('note').textContent).toBe('Только чтение для вашей роли: данные видны, но менять их здесь нельзя.');
    for (const name of ['Заблокировать', 'Разблокировать', 'Завершить сеансы']) expect(screen.queryByRole('button', { name })).toBeNull();
    expect(screen.getByRole('button', { name: 'Найти' })).toBeTruthy();
  });
});
