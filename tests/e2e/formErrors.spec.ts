// The exchange form names every problem at once, each with its rule and its fix, while the
// visitor types: a bad e-mail on leaving the field, letters typed as an amount at once (the field keeps its
// amount), a card number failing its check digit on leaving the field; the card is grouped by four as typed.
import { expect, phone, test } from './fixtures.ts';

test.use(phone);

const words = {
  ru: {
    path: '/?cur_from=BTC&cur_to=SBERRUB',
    email: 'После @ идёт домен с точкой, например example.com: проверьте, нет ли опечатки.',
    amount: 'Введите число, например 1500 или 0,25.',
    card: 'Номер карты не проходит проверку контрольной цифры: проверьте, нет ли опечатки.',
  },
  en: {
    path: '/en/?cur_from=BTC&cur_to=SBERRUB',
    email: 'After the @ comes a domain with a dot, such as example.com: check it for a typo.',
    amount: 'Enter a number, such as 1500 or 0.25.',
    card: 'The card number fails its check digit: look for a typo.',
  },
} as const;

for (const locale of ['ru', 'en'] as const) {
  test.describe(locale, () => {
    // The browser's language matches the page's, so the root is not taken for a wish to read English.
    test.use({ locale: locale === 'ru' ? 'ru-RU' : 'en-US' });
    test(`a bad e-mail, "abc" as an amount and a bad card are named together on a 390 px phone (${locale})`, async ({
      page,
    }) => {
      const said = words[locale];
      await page.goto(said.path);
      const form = page.locator('form[aria-labelledby="exchange-title"]');
      await expect(form).toHaveAttribute('aria-busy', 'false');
      await expect(page.getByTestId('course-line')).toBeVisible();

      const email = page.locator('input[name="email"]');
      const amount = page.locator('input[name="fromSumma"]');
      const card = page.locator('input[name="toRequisites.card"]');
      await expect(card).toHaveAttribute('placeholder', '0000 0000 0000 0000');

      await email.fill('client@example');
      await email.press('Tab');
      await amount.click();
      const before = await amount.inputValue();
      await amount.pressSequentially('abc');
      await expect(amount).toHaveValue(before);
      await card.pressSequentially('4111111111111112');
      await expect(card).toHaveValue('4111 1111 1111 1112');
      await card.press('Tab');

      for (const [field, text] of [
        [email, said.email],
        [amount, said.amount],
        [card, said.card],
      ] as const) {
        await expect(field).toHaveAttribute('aria-invalid', 'true');
        await expect(field).toHaveAccessibleDescription(new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
        await expect(page.getByText(text)).toBeVisible();
      }
    });
  });
}
