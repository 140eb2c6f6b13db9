import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FaqAccordion } from '../../../src/components/content/FaqAccordion.tsx';
import { faq as en } from '../../../src/content/en/faq.ts';
import { faq as ru } from '../../../src/content/ru/faq.ts';
import { renderWithI18n } from '../render.tsx';

const first = en.entries[0]!;
const second = en.entries[1]!;

/** The <details> of a question: native, so it opens by click, tap, Enter or Space without any script. */
function entry(question: string): HTMLDetailsElement {
  return screen.getByRole('heading', { level: 2, name: question }).closest('details')!;
}

describe('FaqAccordion', () => {
  it('renders every question as a closed <details> whose summary holds the question as a heading', () => {
    renderWithI18n(<FaqAccordion entries={en.entries} />);
    expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(en.entries.length);
    for (const item of en.entries) {
      const details = entry(item.question);
      expect(details.id).toBe(item.id);
      expect(details.open).toBe(false);
      expect(details.querySelector('summary')).toHaveTextContent(item.question);
    }
  });

  it('keeps each entry independent: opening one leaves the others as they are', async () => {
    const user = userEvent.setup();
    renderWithI18n(<FaqAccordion entries={en.entries} />);
    await user.click(entry(first.question).querySelector('summary')!);
    expect(entry(first.question).open).toBe(true);
    expect(entry(second.question).open).toBe(false);
    await user.click(entry(second.question).querySelector('summary')!);
    expect(entry(first.question).open).toBe(true);
    expect(entry(second.question).open).toBe(true);
  });

  it('starts with the entry named by openId open (links like /faq#fees)', () => {
    const fees = ru.entries.find((item) => item.id === 'fees')!;
    renderWithI18n(<FaqAccordion entries={ru.entries} openId="fees" />, { locale: 'ru' });
    expect(entry(fees.question).open).toBe(true);
    expect(entry(ru.entries[0]!.question).open).toBe(false);
  });
});
