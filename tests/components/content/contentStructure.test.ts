// Both languages carry the same content: same keys, same number of sections/items in the same order, same
// ids (anchors and links work in both), no empty text — and each really is in its own language.
import { describe, expect, it } from 'vitest';
import { content as ru } from '../../../src/content/ru/index.ts';
import { content as en } from '../../../src/content/en/index.ts';

/** Keys whose values are identifiers or dates, the same in both languages. */
const SHARED = new Set(['id', 'path', 'effective', 'name']);

function shape(value: unknown, at: string, out: string[]): void {
  if (Array.isArray(value)) {
    out.push(`${at}[${value.length}]`);
    value.forEach((item, index) => shape(item, `${at}[${index}]`, out));
  } else if (value && typeof value === 'object') {
    for (const key of Object.keys(value).sort()) shape((value as Record<string, unknown>)[key], `${at}.${key}`, out);
  } else {
    out.push(`${at}:${typeof value}`);
  }
}

function leaves(value: unknown, at: string, out: [string, string][]): void {
  if (Array.isArray(value)) value.forEach((item, index) => leaves(item, `${at}[${index}]`, out));
  else if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) leaves(inner, `${at}.${key}`, out);
  } else if (typeof value === 'string') out.push([at, value]);
}

const lastKey = (path: string) => path.replace(/\[\d+\]$/, '').split('.').at(-1)!;

describe('content modules', () => {
  it('have the same structure in Russian and English', () => {
    const ruShape: string[] = [];
    const enShape: string[] = [];
    shape(ru, 'content', ruShape);
    shape(en, 'content', enShape);
    expect(ruShape).toEqual(enShape);
  });

  it('use the same ids, paths, field names and dates in both languages', () => {
    const ruLeaves: [string, string][] = [];
    const enLeaves: [string, string][] = [];
    leaves(ru, 'content', ruLeaves);
    leaves(en, 'content', enLeaves);
    const shared = (list: [string, string][]) => list.filter(([path]) => SHARED.has(lastKey(path)));
    expect(shared(ruLeaves)).toEqual(shared(enLeaves));
    expect(shared(ruLeaves).length).toBeGreaterThan(40);
  });

  it('has no empty text, and each language is written in its own script', () => {
    const ruLeaves: [string, string][] = [];
    const enLeaves: [string, string][] = [];
    leaves(ru, 'content', ruLeaves);
    leaves(en, 'content', enLeaves);
    for (const [path, text] of [...ruLeaves, ...enLeaves]) expect(text.trim(), path).not.toBe('');
    const prose = (list: [string, string][]) => list.filter(([path]) => !SHARED.has(lastKey(path)));
    for (const [path, text] of prose(ruLeaves)) expect(text, path).toMatch(/[а-яё]/i);
    for (const [path, text] of prose(enLeaves)) expect(text, path).not.toMatch(/[а-яё]/i);
  });

  it('keeps ids unique within each list', () => {
    const lists = [ru.rules.sections, ru.aml.sections, ru.faq.entries, ru.sales.offers, ru.partners.programmes, ru.referral.sections];
    for (const list of lists) {
      const ids = list.map((item) => item.id);
      expect(new Set(ids).size).toBe(ids.length);
    }
  });

  it('states the rules the service runs by: 12 numbered sections, a 30-minute payment window, 10–15 FAQ entries', () => {
    expect(ru.rules.sections).toHaveLength(12);
    expect(ru.rules.sections.find((s) => s.id === 'payment')!.clauses[0]).toContain('30 минут');
    expect(en.rules.sections.find((s) => s.id === 'payment')!.clauses[0]).toContain('30 minutes');
    expect(ru.faq.entries.length).toBeGreaterThanOrEqual(10);
    expect(ru.faq.entries.length).toBeLessThanOrEqual(15);
  });
});
