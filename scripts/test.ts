// `npm test`: every check a change must pass, in order, with one summary line at the end.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';

interface Step {
  name: string;
  command: string;
  /** Steps that make no sense once this one failed. */
  needs?: string;
  /** Extra environment for this step alone. */
  env?: Record<string, string>;
  /** Lines for the summary: what failed (or needed a retry), named, since only the end of a long log may be read. */
  report?: () => string[];
}

const VITEST_REPORT = 'test-results/vitest.json';

interface VitestReport {
  testResults: {
    name: string;
    status: string;
    message: string;
    assertionResults: { fullName: string; status: string; failureMessages: string[] }[];
  }[];
}

/** The failed tests and files of the Vitest run, and the tests that passed only on a retry, one line each. */
function vitestFailures(): string[] {
  if (!existsSync(VITEST_REPORT)) return ['  no Vitest report was written: the run stopped before its end (see above)'];
  const report = JSON.parse(readFileSync(VITEST_REPORT, 'utf8')) as VitestReport;
  const firstLine = (text: string | undefined) => (text ?? '').split('\n')[0]!.slice(0, 200);
  const lines: string[] = [];
  for (const file of report.testResults) {
    const name = file.name.slice(process.cwd().length + 1);
    if (file.status === 'failed' && file.message) lines.push(`  ${name}: ${firstLine(file.message)}`);
    for (const test of file.assertionResults) {
      if (test.status === 'failed') lines.push(`  ${name} › ${test.fullName}: ${firstLine(test.failureMessages[0])}`);
      else if (test.status === 'passed' && test.failureMessages.length > 0)
        lines.push(`  flaky (passed on a retry): ${name} › ${test.fullName}: ${firstLine(test.failureMessages[0])}`);
    }
  }
  return lines.length > 0 ? lines : ['  every test passed: an unhandled error failed the run (see above)'];
}

// CI runs the server suite once, against a separately started PostgreSQL (DATABASE_URL mode); the journeys keep
// running the embedded default. Scoped to the Vitest step so the journeys' servers never see it.
const serverTestsDatabase = process.env.SERVER_TESTS_DATABASE_URL;

const steps: Step[] = [
  // First and cheap: a lock `npm ci` would refuse fails here before anything else runs.
  { name: 'lockfile', command: 'npx tsx scripts/check-lockfile.ts' },
  { name: 'types', command: 'npx tsc --noEmit -p .' },
  { name: 'lint', command: 'npx eslint .' },
  { name: 'catalogs', command: 'npx tsx scripts/check-catalogs.ts' },
  { name: 'glossary', command: 'npx tsx scripts/check-glossary.ts' },
  { name: 'diagrams', command: 'npx tsx scripts/diagrams.ts --check' },
  {
    name: 'unit, component and server tests',
    command: `npx vitest run --reporter=default --reporter=json --outputFile.json=${VITEST_REPORT}`,
    env: serverTestsDatabase ? { DATABASE_URL: serverTestsDatabase } : undefined,
    report: vitestFailures,
  },
  { name: 'machine transition coverage', command: 'npx tsx scripts/machine-coverage.ts --reuse', needs: 'unit, component and server tests' },
  { name: 'build', command: 'npx vite build' },
  { name: 'size budget', command: 'npx tsx scripts/size-budget.ts', needs: 'build' },
  { name: 'e2e', command: 'npx playwright test', needs: 'build' },
];

rmSync('test-results/machine-coverage', { recursive: true, force: true });
rmSync(VITEST_REPORT, { force: true });
const failed = new Set<string>();
const results: string[] = [];
for (const step of steps) {
  if (step.needs && failed.has(step.needs)) {
    failed.add(step.name);
    results.push(`skipped  ${step.name} (needs ${step.needs})`);
    continue;
  }
  console.log(`\n=== ${step.name}: ${step.command}`);
  const started = Date.now();
  const run = spawnSync(step.command, { shell: true, stdio: 'inherit', env: { ...process.env, FORCE_COLOR: '0', ...step.env } });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (run.status === 0) results.push(`ok       ${step.name} (${seconds} s)`);
  else {
    failed.add(step.name);
    results.push(`FAILED   ${step.name} (${seconds} s)`);
  }
  if (step.report) results.push(...step.report().filter((line) => run.status !== 0 || line.includes('flaky')));
}
console.log('\n=== summary');
results.forEach((line) => console.log(line));
console.log(`npm test: ${steps.length - failed.size} passed, ${failed.size} failed`);
process.exit(failed.size > 0 ? 1 : 0);
