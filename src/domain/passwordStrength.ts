// How guessable a new password is, by zxcvbn-ts (common-password lists, keyboard walks, dates, l33t and the
// person's own e-mail): the server refuses a weak one and the sign-up and password forms show the same verdict
// as a hint. The dictionaries are large: the browser loads this module only when a password field is used.
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as english from '@zxcvbn-ts/language-en';

/** zxcvbn scores 0–4; 3 means about 10^8 guesses or more (safely unguessable online). */
export const MIN_PASSWORD_SCORE = 3;

/** Words of this site a password must not lean on. */
export const SITE_WORDS: readonly string[] = ['exchanger', 'exchange', 'obmen', 'obmennik', 'обмен', 'обменник'];

let factory: ZxcvbnFactory | null = null;

function checker(): ZxcvbnFactory {
  factory ??= new ZxcvbnFactory({
    dictionary: { ...common.dictionary, ...english.dictionary },
    graphs: common.adjacencyGraphs,
    translations: english.translations,
  });
  return factory;
}

export interface PasswordStrength {
  /** 0 (guessed at once) to 4 (very hard to guess). */
  score: 0 | 1 | 2 | 3 | 4;
  acceptable: boolean;
}

/** The strength of `password` for a person with `email` (its local part and domain count as known words). */
export function passwordStrength(password: string, email = ''): PasswordStrength {
  const address = email.toLowerCase();
  const local = address.split('@')[0] ?? '';
  // The whole address, its name part as typed and run together, and each word of it.
  const words = [address, local, local.replace(/[.+_-]/g, ''), ...address.split(/[@.+_-]/)];
  const inputs = [...SITE_WORDS, ...words.filter((word) => word.length >= 3)];
  // zxcvbn's cost grows with length; beyond 100 characters nobody guesses anyway.
  const { score } = checker().check(password.slice(0, 100), inputs);
  return { score, acceptable: score >= MIN_PASSWORD_SCORE };
}
