// Console screens hide what the operator's role may not change (src/domain/operatorRoles.ts) and say the screen is
// read-only for the role: promo codes are the admin's, withdrawals the operator's; an auditor changes neither.
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@lingui/core';
import { screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { messages as opsEn } from '../../../locales/en/ops.po';
import { messages as opsRu } from '../../../locales/ru/ops.po';
import type { OperatorRole } from '../../../src/domain/operatorRoles.ts';
import { PromocodesPage } from '../../../src/ops/PromocodesPage.tsx';
import { OpsRoleProvider } from '../../../src/ops/roles.tsx';
import { WithdrawalsPage } from '../../../src/ops/WithdrawalsPage.tsx';
import { renderWithI18n } from '../render.tsx';

const PROMOCODE = { code: 'SPRING', percent: '1.5', usesLeft: 3, usesTotal: 5, userId: null, email: null, expiresAt: null };
const WITHDRAWAL = { id: 3, email: 'partner@example.com', amount: '1500', requisites: '4276 3800 0000 0007', status: 'pending', createdAt: '2026-11-20T10:00:00.000Z' };

beforeAll(() => i18n.load({ en: opsEn, ru: opsRu }));
beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const body = url.includes('/promocodes/') ? [PROMOCODE] : { count: 1, next: null, previous: null, results: [WITHDRAWAL] };
      return new Response(JSON.stringify(body), { status: 200 });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

const READ_ONLY = {
  en: 'Read only for your role: you see the data but cannot change it here.',
  ru: 'Только чтение для вашей роли: данные видны, но менять их здесь нельзя.',
};

function renderAs(role: OperatorRole, locale: 'en' | 'ru', screenElement: ReactElement) {
  return renderWithI18n(<OpsRoleProvider role={role}>{screenElement}</OpsRoleProvider>, { locale, path: '/' });
}

describe('buttons by role', () => {
  for (const locale of ['en', 'ru'] as const) {
    const newCode = locale === 'en' ? 'New promo code' : 'Новый промокод';
    const reject = locale === 'en' ? 'Reject (return to balance)' : 'Отклонить (вернуть на баланс)';

    it(`shows an operator the promo codes without the new-code button, and says why (${locale})`, async () => {
      renderAs('operator', locale, <PromocodesPage />);
      expect(await screen.findByText('SPRING')).toBeTruthy();
      expect(screen.getByRole('note').textContent).toBe(READ_ONLY[locale]);
      expect(screen.queryByRole('button', { name: newCode })).toBeNull();
    });

    it(`gives an admin the new-code button and no read-only line (${locale})`, async () => {
      renderAs('admin', locale, <PromocodesPage />);
      expect(await screen.findByText('SPRING')).toBeTruthy();
      expect(screen.getByRole('button', { name: newCode })).toBeTruthy();
      expect(screen.queryByRole('note')).toBeNull();
    });

    it(`shows an auditor the withdrawals without the decision buttons (${locale})`, async () => {
      renderAs('auditor', locale, <WithdrawalsPage />);
      expect(await screen.findByText('partner@example.com')).toBeTruthy();
      expect(screen.getByRole('note').textContent).toBe(READ_ONLY[locale]);
      expect(screen.queryByRole('button', { name: reject })).toBeNull();
    });

    it(`lets an operator decide withdrawals (${locale})`, async () => {
      renderAs('operator', locale, <WithdrawalsPage />);
      expect(await screen.findByText('partner@example.com')).toBeTruthy();
      expect(screen.getByRole('button', { name: reject })).toBeTruthy();
      expect(screen.queryByRole('note')).toBeNull();
    });
  }
});
