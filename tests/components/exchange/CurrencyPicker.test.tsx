import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Currency } from '../../../src/api/schemas/calculator.ts';
import { CurrencyPicker } from '../../../src/components/exchange/CurrencyPicker.tsx';
import { renderWithI18n } from '../render.tsx';

const CURRENCIES: Currency[] = [
  { id: 1, code: 'BTC', name: 'Bitcoin', network: 'BTC', kind: 'crypto', unit: 'BTC', icon: 'btc' },
  {
    id: 3,
    code: 'USDTTRC20',
    name: 'Tether TRC20',
    network: 'TRC20',
    kind: 'crypto',
    unit: 'USDT',
    icon: 'usdt-trc20',
  },
  { id: 7, code: 'SBERRUB', name: 'Sberbank', network: null, kind: 'card', unit: 'RUB', icon: 'sberbank' },
];

const NAME = 'Currency you give';

function renderPicker(onSelect = vi.fn(), selectedId: number | null = 1) {
  const result = renderWithI18n(
    <CurrencyPicker name="from" label={NAME} currencies={CURRENCIES} selectedId={selectedId} onSelect={onSelect} />,
  );
  return Object.assign(result, { onSelect });
}

/**
 * The searchable list once it has replaced the plain picker (its field is no longer read-only). Its first load
 * transforms Headless UI, seconds on a busy machine: the waits are generous, nothing here is timed.
 */
async function loadedPicker(): Promise<HTMLElement> {
  await waitFor(() => expect(screen.getByRole('combobox', { name: NAME })).not.toHaveAttribute('readonly'), {
    timeout: 10_000,
  });
  return screen.getByRole('combobox', { name: NAME });
}

describe('CurrencyPicker', { timeout: 15_000 }, () => {
  it('arrives as a labelled combobox showing the chosen currency, before its list has loaded', () => {
    renderPicker();
    const input = screen.getByRole('combobox', { name: NAME });
    expect(input).toHaveValue('Bitcoin');
    expect(input).toHaveAttribute('readonly');
    expect(input).toHaveAttribute('aria-expanded', 'false');
  });

  it('filters by name, code or network and picks with the keyboard', async () => {
    const { onSelect } = renderPicker();
    await userEvent.click(screen.getByRole('combobox', { name: NAME }));
    const input = await loadedPicker();
    expect(input).toHaveFocus();
    await userEvent.clear(input);
    await userEvent.type(input, 'trc');
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['Tether TRC20TRC20']);
    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect(onSelect).toHaveBeenCalledWith(3);
  });

  it('opens its list on the click that loaded it', async () => {
    renderPicker();
    await userEvent.click(screen.getByRole('combobox', { name: NAME }));
    await loadedPicker();
    expect(await screen.findAllByRole('option')).toHaveLength(3);
  });

  it('says when nothing matches', async () => {
    renderPicker();
    await userEvent.click(screen.getByRole('combobox', { name: NAME }));
    const input = await loadedPicker();
    await userEvent.clear(input);
    await userEvent.type(input, 'zzz');
    expect(await screen.findByText('Nothing found')).toBeInTheDocument();
    expect(screen.queryAllByRole('option')).toHaveLength(0);
  });

  it('does not open its list when Tab merely passes through, but opens on ArrowDown', async () => {
    renderPicker();
    await userEvent.tab();
    const input = await loadedPicker();
    expect(input).toHaveFocus();
    expect(screen.queryAllByRole('option')).toHaveLength(0);
    await userEvent.keyboard('{ArrowDown}');
    expect(await screen.findAllByRole('option')).toHaveLength(3);
  });

  it('opens on Enter once loaded, instead of sending the form', async () => {
    renderPicker();
    await userEvent.tab();
    await loadedPicker();
    await userEvent.keyboard('{Enter}');
    expect(await screen.findAllByRole('option')).toHaveLength(3);
  });

  it('keeps an arrow key pressed before its list has loaded and opens the list with it', async () => {
    renderPicker();
    await userEvent.tab();
    await userEvent.keyboard('{ArrowDown}');
    const input = await loadedPicker();
    expect(input).toHaveFocus();
    expect(await screen.findAllByRole('option')).toHaveLength(3);
  });

  it('shows a search mark instead of the old currency icon while a search is typed', async () => {
    const { container } = renderPicker();
    const icon = () => container.querySelector('.pointer-events-none.absolute.left-3');
    const before = icon()?.innerHTML;
    await userEvent.click(screen.getByRole('combobox', { name: NAME }));
    const input = await loadedPicker();
    await userEvent.clear(input);
    await userEvent.type(input, 'sb');
    expect(icon()?.innerHTML).not.toBe(before);
    expect(icon()?.querySelector('circle')).not.toBeNull();
  });

  it('lists every currency with a click on the button', async () => {
    const { onSelect } = renderPicker(vi.fn(), null);
    await userEvent.click(screen.getByRole('button', { name: `Show all: ${NAME}` }));
    await loadedPicker();
    expect(await screen.findAllByRole('option')).toHaveLength(3);
    await userEvent.click(screen.getByRole('option', { name: /Sberbank/ }));
    expect(onSelect).toHaveBeenCalledWith(7);
  });
});
