// The home's currency pickers hydrate as plain markup and load their searchable list (Headless UI's Combobox) on
// the visitor's first pointer, touch or focus (src/components/exchange/CurrencyPicker.tsx): the list's code is not
// fetched before the visitor reaches for a picker, and what the visitor did meanwhile is not lost.
import type { Page } from '@playwright/test';
import { expect, phone, test } from './fixtures.ts';

const LABELS = { ru: 'Валюта, которую вы отдаёте', en: 'Currency you give' } as const;

// A Russian-preferring browser: the first visit to / stays on /, and /en is asked for by its address.
test.use({ locale: 'ru-RU' });

/** Records the scripts the page fetches from now on. */
function scriptsFetched(page: Page): string[] {
  const fetched: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') fetched.push(new URL(request.url()).pathname);
  });
  return fetched;
}

async function formReady(page: Page): Promise<void> {
  await expect(page.locator('form[aria-labelledby="exchange-title"]')).toHaveAttribute('aria-busy', 'false');
}

for (const locale of ['ru', 'en'] as const) {
  const home = locale === 'en' ? '/en' : '/';

  test(`a Tab to the picker then Enter opens its list, loaded only then (${locale})`, async ({ page }) => {
    const fetched = scriptsFetched(page);
    await page.goto(home);
    await formReady(page);
    await page.waitForLoadState('networkidle');
    expect(fetched.filter((path) => path.includes('CurrencyCombobox'))).toEqual([]);

    const picker = page.getByRole('combobox', { name: LABELS[locale] });
    await expect(picker).toHaveAttribute('readonly', '');
    await picker.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('option').first()).toBeVisible();
    await expect(picker).not.toHaveAttribute('readonly');
    await expect(picker).toBeFocused();
    expect(fetched.some((path) => path.includes('CurrencyCombobox'))).toBe(true);
    // The list works as before: arrows and Enter pick a currency, and the field shows it.
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('option')).toHaveCount(0);
  });

  test.describe(`phone (${locale})`, () => {
    test.use(phone);

    test(`the first tap on a picker opens its list (${locale})`, async ({ page }) => {
      await page.goto(home);
      await formReady(page);
      const picker = page.getByRole('combobox', { name: LABELS[locale] });
      const before = await picker.inputValue();
      await picker.tap();
      await expect(page.getByRole('option').first()).toBeVisible();
      await page.getByRole('option', { selected: false }).first().tap();
      await expect(page.getByRole('option')).toHaveCount(0);
      await expect(picker).not.toHaveValue(before);
      await formReady(page);
    });
  });
}
