// `npx tsx scripts/check-glossary.ts`: the English texts use one word per concept (docs/glossary.json).
// Reads the English catalog's msgstr, the string literals of src/content/en, and the English texts of the server
// (`en: '...'` in routes and services, every literal of the mails); the exact sentences the product keeps word for word (docs/product.md) are left as written.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

interface Term {
  term: string;
  forbidden: string[];
  except?: string[];
}
interface Glossary {
  terms: Term[];
  exactSpecSentences: string[];
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

/** Every msgstr of a .po file, multi-line ones joined. */
function poTranslations(text: string): string[] {
  const found: string[] = [];
  const pattern = /^msgstr ((?:".*"\n?)+)/gm;
  for (const match of text.matchAll(pattern)) {
    found.push([...(match[1] ?? '').matchAll(/"(.*)"/g)].map((part) => part[1]).join(''));
  }
  return found;
}

/** The string literals of a content module (single, double or backtick quoted). */
function stringLiterals(text: string): string[] {
  return [...text.matchAll(/'((?:[^'\\\n]|\\.)*)'|"((?:[^"\\\n]|\\.)*)"|`((?:[^`\\]|\\.)*)`/g)].map(
    (match) => match[1] ?? match[2] ?? match[3] ?? '',
  );
}

/** The English halves of the server's bilingual texts: `en: '...'`. */
function englishTexts(text: string): string[] {
  return [...text.matchAll(/\ben:\s*(?:'((?:[^'\\]|\\.)*)'|`((?:[^`\\]|\\.)*)`|"((?:[^"\\]|\\.)*)")/g)].map(
    (match) => match[1] ?? match[2] ?? match[3] ?? '',
  );
}

const sources: { file: string; texts: string[] }[] = [
  { file: 'locales/en/messages.po', texts: poTranslations(readFileSync('locales/en/messages.po', 'utf8')) },
  // Mails hold their wording in per-language objects: every literal is checked (Russian text never matches).
  ...[...filesUnder('src/content/en'), ...filesUnder('server/mail')].map((file) => ({
    file,
    texts: stringLiterals(readFileSync(file, 'utf8')),
  })),
  ...filesUnder('server', ['server/ops', 'server/opsApi', 'server/operators', 'server/migrations']).map((file) => ({
    file,
    texts: englishTexts(readFileSync(file, 'utf8')),
  })),
];

const problems: string[] = [];
for (const { file, texts } of sources) {
  for (const raw of texts) {
    // Ids and anchors ('claims', 'verified-rate'), module paths and links are not text; nor is the code of ${...}.
    let text = raw.replace(/\$\{[^}]*\}/g, ' ');
    if (/^[a-z0-9-]+$/.test(raw) || /^\S*\/\S*$/.test(text.trim())) continue;
    for (const sentence of glossary.exactSpecSentences) text = text.replaceAll(sentence, '');
    for (const term of glossary.terms) {
      let checked = text;
      for (const allowed of term.except ?? []) checked = checked.replace(new RegExp(allowed, 'gi'), '');
      for (const forbidden of term.forbidden) {
        const hit = new RegExp(forbidden, 'i').exec(checked);
        if (hit) problems.push(`${file}: "${hit[0]}" → use "${term.term}": ${raw.slice(0, 120)}`);
      }
    }
  }
}

if (problems.length > 0) {
  for (const problem of problems) console.error(problem);
  console.error(`\n${problems.length} glossary problem(s): one English word per concept (docs/glossary.json).`);
  process.exit(1);
}
console.log(`Glossary: ${sources.length} English sources use one word per concept.`);
