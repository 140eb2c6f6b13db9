import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FormField } from '../../../src/api/schemas/calculator.ts';
import { RequisiteFields } from '../../../src/components/exchange/RequisiteFields.tsx';
import { renderWithI18n } from '../render.tsx';

const FIELDS: FormField[] = [
  { name: 'card', label: 'Card number', placeholder: '0000 0000 0000 0000', check: 'card', visible: true, required: true },
  { name: 'name', label: 'Recipient full name', placeholder: '', check: 'name', visible: true, required: false },
];

describe('RequisiteFields', () => {
  it('labels each field as the pair names it and reports edits by name', async () => {
    const onChange = vi.fn();
    renderWithI18n(<RequisiteFields side="to" fields={FIELDS} values={{ card: '', name: '' }} errors={{}} onChange={onChange} />);
    const card = screen.getByRole('textbox', { name: /Card number/ });
    expect(card).toHaveAttribute('name', 'toRequisites.card');
    expect(card).toHaveAttribute('inputmode', 'numeric');
    expect(card).toBeRequired();
    expect(screen.getByRole('textbox', { name: 'Recipient full name' })).not.toBeRequired();
    await userEvent.type(card, '4');
    expect(onChange).toHaveBeenLastCalledWith('card', '4');
  });

  it('reports the focus and the leaving of a field by name (an address field starts its checksum code loading)', async () => {
    const onFocus = vi.fn();
    const onBlur = vi.fn();
    renderWithI18n(
      <RequisiteFields side="to" fields={FIELDS} values={{ card: '', name: '' }} errors={{}} onChange={() => {}} onFocus={onFocus} onBlur={onBlur} />,
    );
    await userEvent.click(screen.getByRole('textbox', { name: 'Recipient full name' }));
    expect(onFocus).toHaveBeenLastCalledWith('name');
    await userEvent.click(screen.getByRole('textbox', { name: /Card number/ }));
    expect(onBlur).toHaveBeenLastCalledWith('name');
    expect(onFocus).toHaveBeenLastCalledWith('card');
  });

  it('shows a code error in the interface language and a server message as it came', () => {
    renderWithI18n(
      <RequisiteFields
        side="to"
        fields={FIELDS}
        values={{ card: '1234', name: '' }}
        errors={{ 'toRequisites.card': { code: 'invalid' }, 'toRequisites.name': { code: 'server', message: 'Только буквы.' } }}
        onChange={() => {}}
      />,
      { locale: 'ru' },
    );
    expect(screen.getByRole('textbox', { name: /Card number/ })).toHaveAccessibleDescription('Проверьте значение: Card number.');
    expect(screen.getByRole('textbox', { name: 'Recipient full name' })).toHaveAccessibleDescription('Только буквы.');
  });

  it('renders nothing for a side without visible fields', () => {
    const { container } = renderWithI18n(<RequisiteFields side="from" fields={[]} values={{}} errors={{}} onChange={() => {}} />);
    expect(container).toBeEmptyDOMElement();
  });
});
