import { describe, expect, it } from 'vitest';
import { CARD_PLACEHOLDER, typeCard } from '../../src/domain/cardTyping.ts';

describe('typeCard', () => {
  it('groups the digits by four as they are typed', () => {
    expect(typeCard('4')).toEqual({ text: '4', dropped: false });
    expect(typeCard('42763')).toEqual({ text: '4276 3', dropped: false });
    expect(typeCard('4276380012345678')).toEqual({ text: '4276 3800 1234 5678', dropped: false });
  });

  it('takes pasted spaces and dashes as separators and keeps at most 19 digits', () => {
    expect(typeCard('4276-3800 1234  5678')).toEqual({ text: '4276 3800 1234 5678', dropped: false });
    expect(typeCard('42763800123456789012')).toEqual({ text: '4276 3800 1234 5678 901', dropped: false });
  });

  it('drops letters and symbols and says so', () => {
    expect(typeCard('4276a')).toEqual({ text: '4276', dropped: true });
    expect(typeCard('Card: 4111')).toEqual({ text: '4111', dropped: true });
  });

  it('shows the groups in the placeholder', () => {
    expect(CARD_PLACEHOLDER).toBe(typeCard('0'.repeat(16)).text);
  });
});
