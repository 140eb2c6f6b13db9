// How guessable a new password is, by zxcvbn-ts: common and breached-pattern passwords with their usual
// variations (l33t, capitals, appended digits), keyboard walks, dates, and the person's own e-mail and the site
// name. The server refuses a weak one; the forms show the same rule as a hint while typing. The word lists are
// large: the browser loads this module only once a new password is typed, and the server adds English words.
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';

/** zxcvbn scores 0–4; 3 means about 10^8 guesses or more (safely unguessable online). */
export const MIN_PASSWORD_SCORE = 3;

/** Words of this site a password must not lean on. */
export const SITE_WORDS: readonly string[] = ['exchanger', 'exchange', 'obmen', 'obmennik', 'обмен', 'обменник'];

export interface PasswordStrength {
  /** 0 (guessed at once) to 4 (very hard to guess). */
  score: 0 | 1 | 2 | 3 | 4;
  acceptable: boolean;
}

/** `email` is the address the password belongs to, '' when there is none yet. */
export type PasswordRule = (password: string, email: string) => PasswordStrength;

/** The words of an address a password must not be built from: the whole, its name part as typed and run together, each word. */
function addressWords(email: string): string[] {
  // Stryker disable next-line MethodExpression: zxcvbn compares these words case-insensitively; lower case only reads better.
  const address = email.toLowerCase();
  // Stryker disable next-line StringLiteral: split always yields a first part; the default only satisfies the type.
  const local = address.split('@')[0] ?? '';
  return [address, local, local.replace(/[.+_-]/g, ''), ...address.split(/[@.+_-]/)].filter((word) => word.length >= 3);
}

/** The rule over the common-password lists plus `extraWords` (the lists are read on first use). */
export function passwordRule(extraWords: Record<string, string[]> = {}): PasswordRule {
  let checker: ZxcvbnFactory | null = null;
  return (password, email) => {
    checker ??= new ZxcvbnFactory({ dictionary: { ...common.dictionary, ...extraWords }, graphs: common.adjacencyGraphs });
    // zxcvbn's cost grows with length; beyond 100 characters nobody guesses anyway.
    // Stryker disable next-line MethodExpression: the cut bounds the time only; such a password scores the same.
    const { score } = checker.check(password.slice(0, 100), [...SITE_WORDS, ...addressWords(email)]);
    return { score, acceptable: score >= MIN_PASSWORD_SCORE };
  };
}

/** Common passwords and their variations: the hint the forms show. */
export const passwordStrength: PasswordRule = passwordRule();
