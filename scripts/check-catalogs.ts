// `npm run lingui:check`: the Lingui catalogs are complete.
// 1. Extraction check: every message the sources use is in both catalogs (else: run `npx lingui extract`).
// 2. No message of either catalog has an empty msgstr. `lingui extract` writes the English source text into the
//    English (source locale) catalog itself, so an empty English msgstr also means the catalog is stale.
// Obsolete entries (no longer in the sources) are reported but do not fail; `npm run lingui:extract` removes them.
import { getConfig } from '@lingui/conf';
import { getCatalogs } from '@lingui/cli/api';

const config = getConfig({ cwd: process.cwd() });
const problems: string[] = [];
const notes: string[] = [];

for (const catalog of await getCatalogs(config)) {
  const extracted = (await catalog.collect()) ?? {};
  const byLocale = await catalog.readAll();
  for (const locale of config.locales) {
    const messages = byLocale[locale] ?? {};
    const file = catalog.getFilename(locale);
    for (const [id, source] of Object.entries(extracted)) {
      if (!(id in messages) || messages[id]?.obsolete) {
        problems.push(`${file}: missing "${source.message ?? id}" (run npx lingui extract)`);
      }
    }
    for (const [id, entry] of Object.entries(messages)) {
      if (entry.obsolete || !(id in extracted)) {
        notes.push(`${file}: obsolete "${entry.message ?? id}"`);
        continue;
      }
      if (!entry.translation || entry.translation.trim() === '') {
        problems.push(`${file}: empty msgstr for "${entry.message ?? id}"`);
      }
    }
  }
}

for (const note of notes) console.log(`note: ${note}`);
if (problems.length > 0) {
  for (const problem of problems) console.error(problem);
  console.error(`\n${problems.length} catalog problem(s).`);
  process.exit(1);
}
console.log(`Catalogs complete: ${config.locales.join(', ')}.`);
