// Mutation testing (`npm run test:mutation`): StrykerJS changes the code of one folder at a time (MUTATE_FOLDER:
// machines or src/domain) in small ways and runs the machine tests against each change; a change no test
// notices is a transition or rule whose effect nobody checks. Incremental: only mutants of changed code or
// tests are run again. One runner process, to leave the CPU to others.
const folder = process.env.MUTATE_FOLDER ?? 'machines';
const slug = folder.replace(/[^a-z]+/gi, '-');

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'stryker.vitest.config.ts', related: true },
  mutate: [`${folder}/**/*.ts`],
  // Not 'perTest': with Vitest 5 the runner's per-test name filter matches no test, so every mutant would
  // "survive" (stryker-js issue #6210). 'all' still skips uncovered mutants and runs the related test files.
  coverageAnalysis: 'all',
  // Module-level constants would re-run every test per mutant; their effect shows through the functions' tests.
  ignoreStatic: true,
  concurrency: 1,
  incremental: true,
  incrementalFile: `reports/mutation/${slug}.incremental.json`,
  reporters: ['clear-text', 'progress', 'html'],
  htmlReporter: { fileName: `reports/mutation/${slug}.html` },
  clearTextReporter: { allowColor: false, logTests: false, reportScoreTable: true },
  thresholds: { high: 95, low: 90, break: 90 },
  // The sandbox needs only what the machine tests import.
  ignorePatterns: [
    'dist',
    'dist-*',
    'data',
    'test-data',
    'test-results',
    'bench-data',
    'playwright-report',
    'reports',
    'server',
    'public',
    'docs',
    'tests/server',
    'tests/e2e',
    'tests/components',
  ],
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
};
