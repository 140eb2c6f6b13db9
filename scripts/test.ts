// `npm test`: every check a change must pass, in order, with one summary line at the end.
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';

interface Step {
  name: string;
  command: string;
  /** Steps that make no sense once this one failed. */
  needs?: string;
  /** Extra environment for this step alone. */
  env?: Record<string, string>;
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
    command: 'npx vitest run',
    env: serverTestsDatabase ? { DATABASE_URL: serverTestsDatabase } : undefined,
  },
  { name: 'machine transition coverage', command: 'npx tsx scripts/machine-coverage.ts --reuse', needs: 'unit, component and server tests' },
  { name: 'build', command: 'npx vite build' },
  { name: 'size budget', command: 'npx tsx scripts/size-budget.ts', needs: 'build' },
  { name: 'e2e', command: 'npx playwright test', needs: 'build' },
];

rmSync('test-results/machine-coverage', { recursive: true, force: true });
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
}
console.log('\n=== summary');
results.forEach((line) => console.log(line));
console.log(`npm test: ${steps.length - failed.size} passed, ${failed.size} failed`);
process.exit(failed.size > 0 ? 1 : 0);
