// `npx tsx scripts/check-glossary.ts`: each language uses one word per concept (docs/glossary.json: `terms` for
// English, `ru.terms` for Russian). Reads, per language, the msgstr of the site's and the server's catalogs (with the
// files each entry comes from), the string literals of src/content/<lang> and of the mails, and the server's texts
// still written inline (`en: '...'`, `titleEn: '...'`, `ru: '...'`; the seed; the Russian-only news seed whole); the
// exact sentences the product keeps word for word (docs/product.md) are left as written.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

interface Term {
  term: string;
  forbidden: string[];
  except?: string[];
  /** A pattern over the source file (for a catalog entry: the files it comes from): the term applies there only. */
  onlyIn?: string;
}
interface Glossary {
  terms: Term[];
  ru: { terms: Term[] };
  exactSpecSentences: string[];
}
type Language = 'en' | 'ru';
interface Source {
  file: string;
  texts: { text: string; where: string }[];
}

const glossary = JSON.parse(readFileSync('docs/glossary.json', 'utf8')) as Glossary;

function filesUnder(dir: string, skip: readonly string[] = []): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (skip.includes(path)) return [];
    if (statSync(path).isDirectory()) return filesUnder(path, skip);
    return path.endsWith('.ts') ? [path] : [];
  });
}

/** Every current msgstr of a .po file, multi-line ones joined, with the `#:` files of its entry. */
function poTranslations(text: string): { text: string; where: string }[] {
  return text.split(/\n\s*\n/).flatMap((entry) => {
    const match = /^msgstr ((?:".*"\n?)+)/m.exec(entry);
    if (!match) return [];
    const where = [...entry.matchAll(/^#: (.*)$/gm)].map((ref) => ref[1]).join(' ');
    return [{ text: [...(match[1] ?? '').matchAll(/"(.*)"/g)].map((part) => part[1]).join(''), where }];
  });
}

/** The string literals of a module (single, double or backtick quoted). */
function stringLiterals(text: string): string[] {
  return [...text.matchAll(/'((?:[^'\\\n]|\\.)*)'|"((?:[^"\\\n]|\\.)*)"|`((?:[^`\\]|\\.)*)`/g)].map(
    (match) => match[1] ?? match[2] ?? match[3] ?? '',
  );
}

/** One language's halves of the server's bilingual texts: `en: '...'`, `payCommentEn: '...'`, `CARD_COMMENT_EN = '...'`. */
function textsIn(language: Language, text: string): string[] {
  const key = language === 'en' ? String.raw`(?:\ben|[a-z]En|_EN)` : String.raw`(?:\bru|[a-z]Ru|_RU)`;
  const pattern = new RegExp(`${key}\\s*[:=]\\s*(?:'((?:[^'\\\\]|\\\\.)*)'|\`((?:[^\`\\\\]|\\\\.)*)\`|"((?:[^"\\\\]|\\\\.)*)")`, 'g');
  return [...text.matchAll(pattern)].map((match) => match[1] ?? match[2] ?? match[3] ?? '');
}

const SERVER_SKIP = ['server/ops', 'server/opsApi', 'server/operators', 'server/migrations'];

function sourcesOf(language: Language): Source[] {
  const literalsOf = (file: string): Source => ({
    file,
    texts: stringLiterals(readFileSync(file, 'utf8')).map((text) => ({ text, where: file })),
  });
  return [
    ...['messages', 'server'].map((catalog) => {
      const file = `locales/${language}/${catalog}.po`;
      return { file, texts: poTranslations(readFileSync(file, 'utf8')) };
    }),
    // Mails hold their wording in per-language objects: every literal is checked (the other language never matches).
    ...[...filesUnder(`src/content/${language}`), ...filesUnder('server/mail')].map(literalsOf),
    ...(language === 'ru' ? ['server/seed/news.ts', 'src/components/account/content/ru.ts'].map(literalsOf) : []),
    ...filesUnder('server', SERVER_SKIP).map((file) => ({
      file,
      texts: textsIn(language, readFileSync(file, 'utf8')).map((text) => ({ text, where: file })),
    })),
  ];
}

function problemsIn(sources: Source[], terms: Term[]): string[] {
  const problems: string[] = [];
  for (const { file, texts } of sources) {
    for (const { text: raw, where } of texts) {
      // Ids and anchors ('claims', 'verified-rate'), module paths and links are not text; nor is the code of ${...}.
      let text = raw.replace(/\$\{[^}]*\}/g, ' ');
      if (/^[a-z0-9-]+$/.test(raw) || /^\S*\/\S*$/.test(text.trim())) continue;
      for (const sentence of glossary.exactSpecSentences) text = text.replaceAll(sentence, '');
      for (const term of terms) {
        if (term.onlyIn && !new RegExp(term.onlyIn).test(where)) continue;
        let checked = text;
        for (const allowed of term.except ?? []) checked = checked.replace(new RegExp(allowed, 'giu'), '');
        for (const forbidden of term.forbidden) {
          const hit = new RegExp(forbidden, 'iu').exec(checked);
          if (hit) problems.push(`${file}: "${hit[0]}" → use "${term.term}": ${raw.slice(0, 120)}`);
        }
      }
    }
  }
  return problems;
}

const english = sourcesOf('en');
const russian = sourcesOf('ru');
const problems = [...problemsIn(english, glossary.terms), ...problemsIn(russian, glossary.ru.terms)];

if (problems.length > 0) {
  for (const problem of problems) console.error(problem);
  console.error(`\n${problems.length} glossary problem(s): one word per concept in each language (docs/glossary.json).`);
  process.exit(1);
}
console.log(`Glossary: ${english.length} English and ${russian.length} Russian sources use one word per concept.`);
