import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { bannerHtml } from '../../../src/components/account/bannerMarkup.ts';
import { formatMoney } from '../../../src/components/account/format.ts';
import { ReferralBanners } from '../../../src/components/account/ReferralBanners.tsx';
import { ReferralSummary } from '../../../src/components/account/ReferralSummary.tsx';
import { ShareTexts } from '../../../src/components/account/ShareTexts.tsx';
import { renderWithI18n } from '../render.tsx';

const LINK = 'https://exchanger.example/en?ref=ABC123';

describe('bannerHtml', () => {
  it('wraps a banner of the asked size in a link to the referral address', () => {
    const html = bannerHtml('468x60', LINK, { name: 'Exchanger', slogan: 'Fast', action: 'Go' });
    const doc = new DOMParser().parseFromString(html, 'text/html');
    const link = doc.querySelector('a');
    expect(link?.getAttribute('href')).toBe(LINK);
    const svg = link?.querySelector('svg');
    expect(svg?.getAttribute('width')).toBe('468');
    expect(svg?.getAttribute('height')).toBe('60');
    expect(svg?.getAttribute('aria-label')).toBe('Exchanger: Fast');
  });

  it('escapes texts and the link so pasted code cannot break out of its tags', () => {
    const html = bannerHtml('200x200', 'https://x.example/?ref="><script>', { name: '<b>', slogan: 'a & b', action: "it's" });
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<b>');
    const doc = new DOMParser().parseFromString(html, 'text/html');
    expect(doc.querySelector('a')?.getAttribute('href')).toBe('https://x.example/?ref="><script>');
    expect(doc.querySelector('svg')?.getAttribute('width')).toBe('200');
    expect(doc.querySelectorAll('text')[0]?.textContent).toBe('<b>');
  });
});

describe('ReferralBanners', () => {
  it('previews both banners and offers their HTML code', () => {
    renderWithI18n(<ReferralBanners link={LINK} />);
    const codes = screen.getAllByLabelText('HTML code') as HTMLTextAreaElement[];
    expect(codes).toHaveLength(2);
    expect(codes[0]!.value).toContain(`href="${LINK}"`);
    expect(codes[0]!.value).toContain('width="468"');
    expect(codes[1]!.value).toContain('width="200"');
    expect(screen.getAllByRole('img', { name: /Exchanger/ })).toHaveLength(2);
    expect(screen.getAllByRole('button', { name: 'Copy code' })).toHaveLength(2);
  });
});

describe('ShareTexts', () => {
  it('puts the link into every ready text of the language', () => {
    renderWithI18n(<ShareTexts link={LINK} />, { locale: 'ru' });
    const items = screen.getAllByRole('listitem');
    expect(items.length).toBeGreaterThanOrEqual(2);
    for (const item of items) expect(item).toHaveTextContent(LINK);
    // No ready-made "review": the contest excludes template reviews and the partner rules forbid them.
    expect(screen.queryByRole('heading', { name: 'Отзыв' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Скопировать текст' })).toHaveLength(items.length);
  });
});

describe('ReferralSummary', () => {
  it('shows balance, percent, invited and minimum in the reader’s format', () => {
    renderWithI18n(
      <ReferralSummary
        balance={{ balance: '1251.5', unit: 'RUB', percent: '0.4', minWithdrawal: '500', referralCode: 'X', invited: 3 }}
      />,
      { locale: 'ru' },
    );
    expect(screen.getByText('Баланс').nextElementSibling?.textContent).toBe('1\u00a0251,50 RUB');
    expect(screen.getByText('Ваш процент').nextElementSibling).toHaveTextContent('0,4%');
    expect(screen.getByText('Приглашено пользователей').nextElementSibling).toHaveTextContent('3');
    expect(screen.getByText('Минимальный вывод').nextElementSibling?.textContent).toBe('500,00 RUB');
  });
});

describe('formatMoney', () => {
  it('keeps kopecks and groups thousands per language', () => {
    expect(formatMoney('1251.25', 'RUB', 'en')).toBe('1,251.25\u00a0RUB');
    expect(formatMoney('412.5', 'RUB', 'ru')).toBe('412,50\u00a0RUB');
    expect(formatMoney('500', 'RUB', 'en')).toBe('500.00\u00a0RUB');
    expect(formatMoney('0.125', 'RUB', 'en')).toBe('0.125\u00a0RUB');
  });
});
