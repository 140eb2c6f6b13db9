import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Currency } from '../../../src/api/schemas/calculator.ts';
import { CurrencyPicker } from '../../../src/components/exchange/CurrencyPicker.tsx';
import { renderWithI18n } from '../render.tsx';

const CURRENCIES: Currency[] = [
  { id: 1, code: 'BTC', name: 'Bitcoin', network: 'BTC', kind: 'crypto', unit: 'BTC', icon: 'btc' },
  { id: 3, code: 'USDTTRC20', name: 'Tether TRC20', network: 'TRC20', kind: 'crypto', unit: 'USDT', icon: 'usdt-trc20' },
  { id: 7, code: 'SBERRUB', name: 'Sberbank', network: null, kind: 'card', unit: 'RUB', icon: 'sberbank' },
];

function renderPicker(onSelect = vi.fn(), selectedId: number | null = 1) {
  renderWithI18n(
    <CurrencyPicker name="from" label="Currency you give" currencies={CURRENCIES} selectedId={selectedId} onSelect={onSelect} />,
  );
  return onSelect;
}

describe('CurrencyPicker', () => {
  it('is a labelled combobox showing the chosen currency', () => {
    renderPicker();
    expect(screen.getByRole('combobox', { name: 'Currency you give' })).toHaveValue('Bitcoin');
  });

  it('filters by name, code or network and picks with the keyboard', async () => {
    const onSelect = renderPicker();
    const input = screen.getByRole('combobox', { name: 'Currency you give' });
    await userEvent.click(input);
    await userEvent.clear(input);
    await userEvent.type(input, 'trc');
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['Tether TRC20TRC20']);
    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect(onSelect).toHaveBeenCalledWith(3);
  });

  it('says when nothing matches', async () => {
    renderPicker();
    const input = screen.getByRole('combobox', { name: 'Currency you give' });
    await userEvent.click(input);
    await userEvent.clear(input);
    await userEvent.type(input, 'zzz');
    expect(await screen.findByText('Nothing found')).toBeInTheDocument();
    expect(screen.queryAllByRole('option')).toHaveLength(0);
  });

  it('does not open its list when Tab merely passes through, but opens on a click', async () => {
    renderPicker();
    await userEvent.tab();
    expect(screen.getByRole('combobox', { name: 'Currency you give' })).toHaveFocus();
    expect(screen.queryAllByRole('option')).toHaveLength(0);
    await userEvent.click(screen.getByRole('combobox', { name: 'Currency you give' }));
    expect(await screen.findAllByRole('option')).toHaveLength(3);
  });

  it('shows a search mark instead of the old currency icon while a search is typed', async () => {
    const { container } = renderWithI18n(
      <CurrencyPicker name="from" label="Currency you give" currencies={CURRENCIES} selectedId={1} onSelect={vi.fn()} />,
    );
    const icon = () => container.querySelector('.pointer-events-none.absolute.left-3');
    const before = icon()?.innerHTML;
    const input = screen.getByRole('combobox', { name: 'Currency you give' });
    await userEvent.click(input);
    await userEvent.clear(input);
    await userEvent.type(input, 'sb');
    expect(icon()?.innerHTML).not.toBe(before);
    expect(icon()?.querySelector('circle')).not.toBeNull();
  });

  it('lists every currency with a click on the button', async () => {
    const onSelect = renderPicker(vi.fn(), null);
    await userEvent.click(screen.getAllByRole('button')[0]!);
    const options = await screen.findAllByRole('option');
    expect(options).toHaveLength(3);
    await userEvent.click(screen.getByRole('option', { name: /Sberbank/ }));
    expect(onSelect).toHaveBeenCalledWith(7);
  });
});
