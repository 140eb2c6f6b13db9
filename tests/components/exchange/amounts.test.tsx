import { describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AmountField } from '../../../src/components/exchange/AmountField.tsx';
import { amountFieldText, groupedAmountText } from '../../../src/components/exchange/amountText.ts';
import { CourseLine, courseParts } from '../../../src/components/exchange/CourseLine.tsx';
import { LimitsLine } from '../../../src/components/exchange/LimitsLine.tsx';
import { renderWithI18n } from '../render.tsx';

describe('amountFieldText', () => {
  it('writes computed amounts with a comma in Russian and leaves typed text alone', () => {
    expect(amountFieldText('0.0015', 'ru')).toBe('0,0015');
    expect(amountFieldText('0.0015', 'en')).toBe('0.0015');
    expect(amountFieldText('1.', 'ru')).toBe('1.');
    expect(amountFieldText('12 000,5', 'ru')).toBe('12 000,5');
  });
});

describe('groupedAmountText', () => {
  it('groups a settled amount like the page, keeping every digit', () => {
    expect(groupedAmountText('4404.80', 'ru')).toBe('4\u00a0404,80');
    expect(groupedAmountText('4404.80', 'en')).toBe('4,404.80');
    expect(groupedAmountText('1500000', 'ru')).toBe('1\u00a0500\u00a0000');
    expect(groupedAmountText('0.0005', 'en')).toBe('0.0005');
    expect(groupedAmountText('abc', 'ru')).toBe('abc');
  });
});

describe('courseParts', () => {
  it('reads a course above one as it is, rounded to the receive side', () => {
    expect(courseParts('8809600.8123', { unit: 'BTC', decimals: 8 }, { unit: 'RUB', decimals: 2 })).toEqual({
      one: 'BTC',
      amount: '8809600.81',
      unit: 'RUB',
    });
  });

  it('inverts a course below one', () => {
    expect(courseParts('0.000000105', { unit: 'RUB', decimals: 2 }, { unit: 'BTC', decimals: 8 })).toEqual({
      one: 'BTC',
      amount: '9523809.53',
      unit: 'RUB',
    });
  });
});

describe('CourseLine', () => {
  it('groups digits the Russian way', () => {
    renderWithI18n(<CourseLine course="9000000" from={{ unit: 'BTC', decimals: 8 }} to={{ unit: 'RUB', decimals: 2 }} locale="ru-RU" />, {
      locale: 'ru',
    });
    expect(screen.getByTestId('course-line').textContent).toBe('Курс: 1 BTC = 9\u00a0000\u00a0000 RUB');
  });
});

describe('LimitsLine', () => {
  it('shows only the limits that exist', () => {
    renderWithI18n(<LimitsLine min="0.0005" max={null} reserve="12.5" unit="BTC" decimals={8} locale="en-US" />);
    expect(screen.getByText('min').nextSibling).toHaveTextContent('0.00050000 BTC');
    expect(screen.queryByText('max')).toBeNull();
    expect(screen.getByText('reserve').nextSibling).toHaveTextContent('12.50000000 BTC');
  });

  it('writes a limit with the currency decimals its amount field shows, in both languages', () => {
    const { unmount } = renderWithI18n(<LimitsLine min="4404.8" max="25000000" unit="RUB" decimals={2} locale="ru-RU" />, {
      locale: 'ru',
    });
    expect(screen.getByText('мин.').nextSibling?.textContent).toBe('4\u00a0404,80 RUB');
    expect(screen.getByText('макс.').nextSibling?.textContent).toBe('25\u00a0000\u00a0000,00 RUB');
    unmount();
    renderWithI18n(<LimitsLine min="4404.8" max={null} unit="RUB" decimals={2} locale="en-US" />);
    expect(screen.getByText('min').nextSibling).toHaveTextContent('4,404.80 RUB');
  });
});

describe('AmountField', () => {
  it('opens the decimal keyboard, reports typing and leaving, and shows its error', async () => {
    const onChange = vi.fn();
    const onBlur = vi.fn();
    renderWithI18n(
      <AmountField label="Amount you give" name="fromSumma" value="" unit="BTC" onChange={onChange} onBlur={onBlur} error="Too small" />,
    );
    const input = screen.getByRole('textbox', { name: 'Amount you give' });
    expect(input).toHaveAttribute('inputmode', 'decimal');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Too small');
    await userEvent.type(input, '5');
    expect(onChange).toHaveBeenLastCalledWith('5');
    await userEvent.tab();
    expect(onBlur).toHaveBeenCalledTimes(1);
  });

  it('shows the grouped amount while not edited and the plain text while focused', async () => {
    renderWithI18n(
      <AmountField label="Amount you receive" name="toSumma" value="4404,80" formatted={'4\u00a0404,80'} unit="RUB" onChange={vi.fn()} onBlur={vi.fn()} />,
    );
    const input = screen.getByRole('textbox', { name: 'Amount you receive' });
    expect(input).toHaveValue('4\u00a0404,80');
    await userEvent.click(input);
    expect(input).toHaveValue('4404,80');
    await userEvent.tab();
    expect(input).toHaveValue('4\u00a0404,80');
  });

  it('selects the whole plain text when entered without a pointer, so typing replaces the amount', async () => {
    renderWithI18n(
      <AmountField label="Amount you receive" name="toSumma" value="4404,80" formatted={'4\u00a0404,80'} unit="RUB" onChange={vi.fn()} onBlur={vi.fn()} />,
    );
    const input = screen.getByRole<HTMLInputElement>('textbox', { name: 'Amount you receive' });
    input.select();
    act(() => input.focus());
    expect(input).toHaveValue('4404,80');
    expect([input.selectionStart, input.selectionEnd]).toEqual([0, 7]);
  });
});
