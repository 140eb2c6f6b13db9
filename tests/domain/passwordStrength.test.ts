// The password rule shared by the server (refusal) and the forms (hint): common and breached-pattern passwords,
// and ones built from the person's e-mail or the site's name, are not acceptable.
import { describe, expect, it } from 'vitest';
import { MIN_PASSWORD_SCORE, passwordStrength } from '../../src/domain/passwordStrength.ts';

describe('passwordStrength', () => {
  it('refuses common passwords and their usual variations', () => {
    for (const password of ['password1', 'qwerty123', 'P@ssw0rd', '11111111a', 'ghjcnjgfhjkm']) {
      expect(passwordStrength(password, '').acceptable, password).toBe(false);
    }
  });

  it('refuses a password made of the e-mail or the site name', () => {
    expect(passwordStrength('ivan.petrov1984', 'ivan.petrov@mail.ru').acceptable).toBe(false);
    expect(passwordStrength('exchanger2026', '').acceptable).toBe(false);
  });

  it('accepts a password that is hard to guess, scoring it from the threshold up', () => {
    const strong = passwordStrength('violet7Harbor', 'someone@example.com');
    expect(strong.acceptable).toBe(true);
    expect(strong.score).toBeGreaterThanOrEqual(MIN_PASSWORD_SCORE);
    expect(passwordStrength('kj4h5Gv9!q-Tr0ub4dor&3', '').score).toBe(4);
  });
});

describe('passwordStrength: the words a password must not lean on', () => {
  it('refuses each of the site names, Latin and Cyrillic, in an otherwise strong password', () => {
    for (const password of ['obmennik7Qz', 'obmen7Qz!x', 'обменник7Qz', 'обмен7Qz!x', 'exchanger7Qz!x', 'Exchange7Qz!x']) {
      expect(passwordStrength(password, '').acceptable, password).toBe(false);
    }
  });

  it('refuses the name part of the address run together without its dots', () => {
    expect(passwordStrength('tuvokharbin9', '').acceptable).toBe(true);
    expect(passwordStrength('tuvokharbin9', 'tuvok.harbin@example.com').acceptable).toBe(false);
  });

  it('counts a three-letter word of the address against the password', () => {
    expect(passwordStrength('fxbudfxbW412W', '').score).toBe(4);
    expect(passwordStrength('fxbudfxbW412W', 'fxb.ud@mail.com').score).toBe(3);
  });

  it('leaves out pieces of the address shorter than three letters, which would match anywhere', () => {
    // Counted as words, qz, xv and jk would bring this down to 3.
    expect(passwordStrength('qzxvxvjkqz2', 'qz@xv.jk').score).toBe(4);
  });
});
