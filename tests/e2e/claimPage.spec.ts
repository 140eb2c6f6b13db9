// The claim page a client trusts, from the mail to the end: the creation mail's link opens the claim, the payout
// details are partly hidden from whoever holds the link, the network is named beside a coin address, "I have
// paid" asks first and keeps where to pay in view, the timeline grows with each move; ru and en, desktop and phone.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, expectAccessible, phone, test } from './fixtures.ts';
import { claimNumber } from '../../src/domain/claimNumber.ts';
import { createClaim } from './claims.ts';
import { JOURNEY_PORT, ops } from './operator.ts';

const outbox = path.join('test-data', `e2e-${JOURNEY_PORT}`, 'outbox');

/** The link of the `kind` mail sent to `to`, once the mail job has written it. */
async function mailedLink(to: string, kind: string): Promise<string> {
  let link = '';
  await expect
    .poll(
      async () => {
        for (const name of (await readdir(outbox).catch(() => [] as string[])).filter((file) => file.endsWith('.json'))) {
          const mail = JSON.parse(await readFile(path.join(outbox, name), 'utf8')) as { to: string; kind: string; link: string };
          if (mail.to === to && mail.kind === kind) link = mail.link;
        }
        return link !== '';
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  return new URL(link).pathname;
}

const WORDS = {
  ru: { paid: 'Я оплатил', question: 'Вы отправили платёж?', notYet: 'Ещё нет', yes: 'Да, я оплатил', network: 'Сеть:' },
  en: { paid: 'I have paid', question: 'Have you sent the payment?', notYet: 'Not yet', yes: 'Yes, I have paid', network: 'Network:' },
} as const;

for (const locale of ['ru', 'en'] as const) {
  for (const device of ['desktop', 'phone'] as const) {
    test.describe(`${locale}, ${device}`, () => {
      if (device === 'phone') test.use(phone);

      test('from the creation mail to completed, reporting the payment with a confirmation', async ({ page }) => {
        const email = `claim-${locale}-${device}-${Date.now()}@example.com`;
        // Created in this browser (page.request shares its cookies): the page knows its creator.
        const uuid = await createClaim(page.request, locale, email);
        const link = await mailedLink(email, 'claim_created');
        expect(link).toBe(`${locale === 'en' ? '/en' : ''}/claim/${uuid}`);
        await page.goto(link);
        const words = WORDS[locale];

        await expect(page.getByTestId('claim-status')).toHaveAttribute('data-status', 'awaiting_payment');
        // The page the server rendered shows the public view (it cannot know the creator): masked.
        await expect(page.getByTestId('claim-payout').first()).toContainText('411111******1111');
        await expect(page.getByTestId('claim-payout').nth(1)).toContainText('Ivan P.');
        await expect(page.getByText('Ivan Petrov')).toHaveCount(0);
        await expect(page.getByTestId('network-warning')).toContainText(words.network);
        await expect(page.getByTestId('claim-created')).not.toBeEmpty();
        await expect(page.getByTestId('claim-timeline').getByRole('listitem')).toHaveCount(1);

        await page.getByRole('button', { name: words.paid }).click();
        const dialog = page.getByRole('dialog', { name: words.question });
        await expect(dialog).toBeVisible();
        await expectAccessible(page);
        await dialog.getByRole('button', { name: words.notYet }).click();
        await expect(dialog).toBeHidden();
        await expect(page.getByTestId('claim-status')).toHaveAttribute('data-status', 'awaiting_payment');

        await page.getByRole('button', { name: words.paid }).click();
        await dialog.getByRole('button', { name: words.yes }).click();
        await expect(page.getByTestId('claim-status')).toHaveAttribute('data-status', 'paid');
        // Reported is not received: the amount and the address stay on the page.
        await expect(page.getByTestId('pay-amount')).toBeVisible();
        await expect(page.getByTestId('network-warning')).toBeVisible();
        await expect(page.getByTestId('claim-timeline').getByRole('listitem')).toHaveCount(2);
        expect(await mailedLink(email, 'claim_paid')).toBe(link);

        await ops('claims', 'move', uuid, 'processing');
        await expect(page.getByTestId('claim-status')).toHaveAttribute('data-status', 'processing', { timeout: 15_000 });
        await expect(page.getByTestId('pay-amount')).toHaveCount(0);
        await ops('claims', 'move', uuid, 'completed');
        await expect(page.getByTestId('claim-status')).toHaveAttribute('data-status', 'completed', { timeout: 15_000 });
        await expect(page.getByTestId('claim-timeline').getByRole('listitem')).toHaveCount(4);
        expect(await mailedLink(email, 'claim_completed')).toBe(link);
      });
    });
  }
}

test.describe('a claim held for a check, then returned', () => {
  for (const locale of ['ru', 'en'] as const) {
    test(`${locale}: the client reads the hold's reason, then the refund details`, async ({ page, request }) => {
      const email = `claim-hold-${locale}-${Date.now()}@example.com`;
      const uuid = await createClaim(request, locale, email);
      const base = locale === 'en' ? '/en' : '';
      expect((await request.post(`${base}/api/v1/claim/${uuid}/confirm/`)).status()).toBe(200);
      await ops('claims', 'move', uuid, 'on_hold', '--reason', 'AML check / проверка AML');
      await page.goto(`${base}/claim/${uuid}`);
      await expect(page.getByTestId('claim-status')).toHaveAttribute('data-status', 'on_hold');
      await expect(page.getByText('AML check / проверка AML')).toBeVisible();
      await ops('claims', 'move', uuid, 'returned', '--reason', 'Refund tx 9f3a / возврат 9f3a');
      await expect(page.getByTestId('claim-status')).toHaveAttribute('data-status', 'returned', { timeout: 15_000 });
      await expect(page.getByText('Refund tx 9f3a / возврат 9f3a')).toBeVisible();
      await expect(page.getByTestId('claim-timeline').getByRole('listitem')).toHaveCount(4);
      expect(await mailedLink(email, 'claim_returned')).toBe(`${base}/claim/${uuid}`);
    });
  }
});

test('ru: the signed-in owner sees the payout in full and may report payment; a guest sees it masked and may not', async ({
  page,
  browser,
}) => {
  // The browser signs in (the refresh cookie lands in its jar); the claim is created from that account.
  const login = await page.request.post('/front-api/auth/login/?locale=ru', {
    data: { email: 'demo@exchanger.local', password: 'demo2026pass' },
  });
  expect(login.status()).toBe(200);
  const { access } = (await login.json()) as { access: string };
  const uuid = await createClaim(page.request, 'ru', 'demo@exchanger.local', access);

  await page.goto(`/claim/${uuid}`);
  await expect(page.getByTestId('claim-payout').first()).toContainText('4111111111111111');
  await expect(page.getByText('Ivan Petrov')).toBeVisible();
  await expect(page.getByTestId('claim-owner-only')).toHaveCount(0);

  const guest = await browser.newPage();
  await guest.goto(`/claim/${uuid}`);
  await expect(guest.getByTestId('claim-payout').first()).toContainText('411111******1111');
  await expect(guest.getByTestId('claim-owner-only')).toBeVisible();
  await expect(guest.getByRole('button', { name: 'Я оплатил' })).toHaveCount(0);
  await guest.close();

  await page.getByRole('button', { name: 'Я оплатил' }).click();
  await page.getByRole('dialog', { name: 'Вы отправили платёж?' }).getByRole('button', { name: 'Да, я оплатил' }).click();
  await expect(page.getByTestId('claim-status')).toHaveAttribute('data-status', 'paid');
});

test.describe('a late payment returned', () => {
  const CANCEL = {
    ru: { cancel: 'Отменить заявку', question: 'Отменить заявку?', keep: 'Оставить заявку' },
    en: { cancel: 'Cancel the request', question: 'Cancel the request?', keep: 'Keep the request' },
  } as const;

  for (const locale of ['ru', 'en'] as const) {
    test(`${locale}: an expired claim whose money came late is followed to its refund, and mailed`, async ({ page }) => {
      // Four operator commands, each a CLI process, and the page's 5 s status polls between them.
      test.slow();
      const email = `claim-late-${locale}-${Date.now()}@example.com`;
      const uuid = await createClaim(page.request, locale, email);
      const base = locale === 'en' ? '/en' : '';
      await page.goto(`${base}/claim/${uuid}`);
      await expect(page.getByTestId('claim-status')).toHaveAttribute('data-status', 'awaiting_payment');

      // Cancelling asks first; keeping the claim changes nothing.
      await page.getByRole('button', { name: CANCEL[locale].cancel, exact: true }).click();
      const dialog = page.getByRole('dialog', { name: CANCEL[locale].question });
      await expect(dialog).toBeVisible();
      await dialog.getByRole('button', { name: CANCEL[locale].keep }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByTestId('claim-status')).toHaveAttribute('data-status', 'awaiting_payment');

      // The deadline passes unpaid; the money arrives afterwards and the operator takes it on, then returns it.
      await ops('claims', 'move', uuid, 'expired');
      await expect(page.getByTestId('claim-status')).toHaveAttribute('data-status', 'expired', { timeout: 15_000 });
      // Someone who has already paid is told the late payment is handled and how to reach support with the number.
      const alreadyPaid = page.getByTestId('claim-expired-paid');
      await expect(alreadyPaid).toContainText(claimNumber(uuid));
      await expect(alreadyPaid.getByRole('link')).toHaveAttribute('href', `${base}/contacts`);
      await ops('claims', 'move', uuid, 'paid_late', '--note', 'arrived after the deadline');
      await expect(page.getByTestId('claim-status')).toHaveAttribute('data-status', 'paid_late', { timeout: 15_000 });
      await expectAccessible(page);
      await ops('claims', 'move', uuid, 'returned', '--reason', 'Refund tx 7c1d / возврат 7c1d');
      await expect(page.getByTestId('claim-status')).toHaveAttribute('data-status', 'returned', { timeout: 15_000 });
      await expect(page.getByText('Refund tx 7c1d / возврат 7c1d')).toBeVisible();
      await expect(page.getByTestId('claim-timeline').getByRole('listitem')).toHaveCount(4);
      expect(await mailedLink(email, 'claim_paid_late')).toBe(`${base}/claim/${uuid}`);
      expect(await mailedLink(email, 'claim_returned')).toBe(`${base}/claim/${uuid}`);
    });
  }
});
