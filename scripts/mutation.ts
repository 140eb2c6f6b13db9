// `npm run test:mutation [--force] [machines|src/domain|<file>...]`: a StrykerJS run (stryker.config.mjs) per source file
// of machines/ and src/domain/, each against the machine and domain tests that import that file, one after
// another; then the mutation score per file. Fails when a file scores below 90% (Stryker's break threshold).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const TEST_DIRS = ['tests/machines', 'tests/domain'];
const FOLDERS = ['machines', 'src/domain'];

function sourceFiles(target: string): string[] {
  if (target.endsWith('.ts')) return [target];
  return readdirSync(target)
    .filter((name) => name.endsWith('.ts'))
    .sort()
    .map((name) => join(target, name));
}

/** The machine and domain test files that import `file` itself. */
function testsOf(file: string): string[] {
  return TEST_DIRS.filter((dir) => existsSync(dir))
    .flatMap((dir) =>
      readdirSync(dir)
        .filter((name) => name.endsWith('.test.ts'))
        .map((name) => join(dir, name)),
    )
    .filter((test) => readFileSync(test, 'utf8').includes(`/${file}'`));
}

interface Score {
  file: string;
  score: string;
}

// `--force` reruns every mutant: an incremental run keeps a mutant's result while its own code and its tests
// are unchanged, even when other code of the file changed (e.g. a function it calls was rewritten).
const args = process.argv.slice(2);
const strykerFlags = args.filter((arg) => arg === '--force');
const targets = args.filter((arg) => arg !== '--force');
const files = (targets.length > 0 ? targets : FOLDERS).flatMap(sourceFiles);
const scores: Score[] = [];
let failed = 0;
for (const file of files) {
  const tests = testsOf(file);
  if (tests.length === 0) {
    scores.push({ file, score: 'no test imports it' });
    failed += 1;
    continue;
  }
  console.log(`\n=== ${file} against ${tests.join(', ')}`);
  const run = spawnSync(['npx stryker run', ...strykerFlags].join(' '), {
    shell: true,
    stdio: ['ignore', 'pipe', 'inherit'],
    encoding: 'utf8',
    env: { ...process.env, MUTATE: file, MUTATION_TESTS: tests.join(',') },
  });
  process.stdout.write(run.stdout);
  const row = run.stdout.split('\n').find((line) => line.startsWith('All files'));
  const score = row?.split('|')[1]?.trim();
  scores.push({ file, score: score ? `${score} %` : 'no result' });
  if (run.status !== 0) failed += 1;
}
console.log('\n=== mutation score per file');
for (const { file, score } of scores) console.log(`${score.padStart(9)}  ${file}`);
if (!existsSync('reports/mutation')) console.log('(no reports written)');
else console.log('Reports: reports/mutation/<file>.html');
process.exit(failed > 0 ? 1 : 0);
