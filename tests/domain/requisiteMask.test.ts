// What a stranger with a claim's link sees of its personal requisites (server/claims/routes.ts masks them).
import { describe, expect, it } from 'vitest';
import { cardInFours, maskCard, maskRequisite, shortenName } from '../../src/domain/requisiteMask.ts';

describe('maskCard', () => {
  it('keeps the first 6 and last 4 digits of a card, however it was typed', () => {
    expect(maskCard('4276 3800 1234 5679')).toBe('427638******5679');
    expect(maskCard('4276-3800-1234-5678-905')).toBe('427638*********8905');
  });

  it('shows 12 digits as 6 + 2 hidden + 4, and anything shorter fully hidden', () => {
    expect(maskCard('123456789012')).toBe('123456**9012');
    expect(maskCard('12345678901')).toBe('***********');
    expect(maskCard('')).toBe('');
  });
});

describe('cardInFours', () => {
  it('groups a whole or masked card in fours, however it was spaced', () => {
    expect(cardInFours('2200700012345678')).toBe('2200 7000 1234 5678');
    expect(cardInFours('220070******5678')).toBe('2200 70** **** 5678');
    expect(cardInFours(' 2202 2063\t0417 3813 ')).toBe('2202 2063 0417 3813');
  });

  it('leaves no space at the end of a group that closes the number', () => {
    expect(cardInFours('427638*********8905')).toBe('4276 38** **** ***8 905');
    expect(cardInFours('1234')).toBe('1234');
    expect(cardInFours('')).toBe('');
  });
});

describe('shortenName', () => {
  it('keeps the first word and the initials of the others', () => {
    expect(shortenName('Ivan Petrov')).toBe('Ivan P.');
    expect(shortenName('  Иван   Петрович\tСидоров ')).toBe('Иван П. С.');
  });

  it('leaves a single word as it is', () => {
    expect(shortenName(' Ivan ')).toBe('Ivan');
    expect(shortenName('')).toBe('');
  });
});

describe('maskRequisite', () => {
  it('masks each personal requisite by its kind', () => {
    expect(maskRequisite('card', '4276380012345679')).toBe('427638******5679');
    expect(maskRequisite('name', 'Ivan Petrov')).toBe('Ivan P.');
    expect(maskRequisite('phone', '+7 (912) 345-67-89')).toBe('*******6789');
    expect(maskRequisite('yoomoney', '4100 1234 5678')).toBe('********5678');
  });

  it('shows all of a number of 4 digits or fewer', () => {
    expect(maskRequisite('phone', '6789')).toBe('6789');
    expect(maskRequisite('phone', '89')).toBe('89');
  });

  it('leaves addresses and free text as they are', () => {
    expect(maskRequisite('btc', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa')).toBe('1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa');
    expect(maskRequisite('text', 'Sberbank, Moscow')).toBe('Sberbank, Moscow');
  });
});
