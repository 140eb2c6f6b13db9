import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FaqAccordion } from '../../../src/components/content/FaqAccordion.tsx';
import { faq as en } from '../../../src/content/en/faq.ts';
import { faq as ru } from '../../../src/content/ru/faq.ts';
import { renderWithI18n } from '../render.tsx';

const first = en.entries[0]!;
const second = en.entries[1]!;

function question(text: string) {
  return screen.getByRole('button', { name: text });
}

describe('FaqAccordion', () => {
  it('renders every question as a collapsed button inside a heading', () => {
    renderWithI18n(<FaqAccordion entries={en.entries} />);
    const buttons = screen.getAllByRole('button');
    expect(buttons).toHaveLength(en.entries.length);
    for (const button of buttons) expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(en.entries.length);
    expect(screen.queryByText(first.answer[0]!)).not.toBeInTheDocument();
  });

  it('opens and closes an answer with Enter and with Space, and aria-expanded follows', async () => {
    const user = userEvent.setup();
    renderWithI18n(<FaqAccordion entries={en.entries} />);
    const button = question(first.question);
    button.focus();

    await user.keyboard('{Enter}');
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText(first.answer[0]!)).toBeVisible();
    expect(button).toHaveAttribute('aria-controls', screen.getByText(first.answer[0]!).parentElement!.id);

    await user.keyboard(' ');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText(first.answer[0]!)).not.toBeInTheDocument();

    await user.keyboard(' ');
    expect(button).toHaveAttribute('aria-expanded', 'true');
  });

  it('keeps each entry independent and reachable with Tab', async () => {
    const user = userEvent.setup();
    renderWithI18n(<FaqAccordion entries={en.entries} />);
    await user.click(question(first.question));
    await user.tab();
    expect(question(second.question)).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(question(first.question)).toHaveAttribute('aria-expanded', 'true');
    expect(question(second.question)).toHaveAttribute('aria-expanded', 'true');
    await user.click(question(first.question));
    expect(question(first.question)).toHaveAttribute('aria-expanded', 'false');
    expect(question(second.question)).toHaveAttribute('aria-expanded', 'true');
  });

  it('starts with the entry named by openId open (links like /faq#fees)', () => {
    const fees = ru.entries.find((entry) => entry.id === 'fees')!;
    renderWithI18n(<FaqAccordion entries={ru.entries} openId="fees" />, { locale: 'ru' });
    expect(question(fees.question)).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText(fees.answer[0]!)).toBeVisible();
    expect(question(ru.entries[0]!.question)).toHaveAttribute('aria-expanded', 'false');
  });
});
