// The one translator of form errors: every code in both languages, the form's wording, a server message as it came.
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import type { FormError } from '../../../machines/formErrors.ts';
import { useFormErrorText, type ErrorWording } from '../../../src/components/ui/formErrorText.ts';
import { renderWithI18n } from '../render.tsx';

function Shown({ error, wording }: { error: FormError | undefined; wording?: ErrorWording }) {
  const errorText = useFormErrorText();
  return <p data-testid="text">{errorText(error, wording) ?? '(none)'}</p>;
}

const textOf = (error: FormError | undefined, locale: 'ru' | 'en', wording?: ErrorWording) => {
  const { unmount } = renderWithI18n(<Shown error={error} wording={wording} />, { locale });
  const text = screen.getByTestId('text').textContent;
  unmount();
  return text;
};

describe('useFormErrorText', () => {
  it('words a local check in the interface language', () => {
    expect(textOf({ code: 'email_domain' }, 'en')).toBe('After the @ comes a domain with a dot, such as example.com: check it for a typo.');
    expect(textOf({ code: 'email_domain' }, 'ru')).toBe('После @ идёт домен с точкой, например example.com: проверьте, нет ли опечатки.');
    expect(textOf({ code: 'required' }, 'ru')).toBe('Обязательное поле.');
  });

  it('names each broken e-mail rule and how to fix it', () => {
    expect(textOf({ code: 'email_at' }, 'en')).toBe('An e-mail address has one @ between the name and the domain, as in name@example.com.');
    expect(textOf({ code: 'email_spaces' }, 'ru')).toBe('В адресе e-mail не бывает пробелов: уберите их.');
    expect(textOf({ code: 'email_local_part' }, 'en')).toMatch(/mailbox name before the @/);
    expect(textOf({ code: 'email_too_long' }, 'en')).toBe('An e-mail address has at most 254 characters.');
  });

  it("says how many decimals an amount's currency takes", () => {
    expect(textOf({ code: 'amount_decimals', decimals: 2 }, 'en')).toBe('At most 2 digits after the decimal mark.');
    expect(textOf({ code: 'amount_decimals', decimals: 8 }, 'ru')).toBe('Знаков после запятой — не больше 8.');
    expect(textOf({ code: 'amount_decimals', decimals: 0 }, 'en')).toBe('Whole amounts only: this currency has no decimal part.');
  });

  it('shows a server message as the server wrote it', () => {
    expect(textOf({ code: 'server', message: 'Сумма превышает ваш баланс.' }, 'en')).toBe('Сумма превышает ваш баланс.');
  });

  it('tells a network failure from an unknown one', () => {
    expect(textOf({ code: 'network_error' }, 'en')).toBe('No connection to the server. Check your internet connection and try again.');
    expect(textOf({ code: 'unknown' }, 'en')).toBe('Something went wrong. Please try again.');
  });

  it("puts the form's wording into the calculator's codes", () => {
    expect(textOf({ code: 'below_min' }, 'en', { limit: '0.001 BTC' })).toBe('The minimum amount is 0.001 BTC.');
    expect(textOf({ code: 'invalid' }, 'en', { field: 'Card number' })).toBe('Check the value: Card number.');
    expect(textOf({ code: 'invalid' }, 'en')).toBe('Check the value of this field.');
    expect(textOf({ code: 'rules_and_aml_required' }, 'en')).toBe('Please accept the exchange rules and the AML/KYC policy.');
  });

  it("words the image rule's refusals, on any upload", () => {
    expect(textOf({ code: 'file_type' }, 'en')).toBe('This file is not a JPEG, PNG or WebP image.');
    expect(textOf({ code: 'file_too_large' }, 'en')).toBe('The file is larger than 10 MB.');
    expect(textOf({ code: 'file_empty' }, 'ru')).toBe('Файл пустой.');
  });

  it('says a file was not sent when the form sends one', () => {
    expect(textOf({ code: 'network_error' }, 'en', { sendsFile: true })).toBe('The file was not sent: no connection. Try again.');
    expect(textOf({ code: 'unknown' }, 'en', { sendsFile: true })).toBe('The file was not sent. Try again.');
    expect(textOf({ code: 'server', message: 'Файл повреждён.' }, 'en', { sendsFile: true })).toBe('Файл повреждён.');
  });

  it('words a requisite problem from the value, as the server does', () => {
    expect(textOf({ code: 'requisite', problem: 'card_checksum', check: 'card', value: '4111111111111112' }, 'en')).toMatch(/check digit/);
  });

  it('shows nothing without an error', () => {
    expect(textOf(undefined, 'en')).toBe('(none)');
  });
});
