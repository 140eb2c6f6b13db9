// Mutation testing (`npm run test:mutation`, driven by scripts/mutation.ts): StrykerJS changes the code of the
// files in MUTATE in small ways and runs the tests in MUTATION_TESTS (stryker.vitest.config.ts) against each
// change; a change no test notices is a transition or rule whose effect nobody checks. Incremental: only
// mutants of changed code or tests run again. One runner process, to leave the CPU to others.
const mutate = (process.env.MUTATE ?? 'src/domain/**/*.ts').split(',');
const slug = mutate[0].replace(/\*\*\/\*\.ts$/, '').replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '');

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  // Stryker's Vitest runner keeps one Vitest alive and reruns test files per mutant (milliseconds, not a Vitest
  // start), wrapped to run whole covering files (scripts/strykerVitestWholeFiles.mjs says why).
  plugins: ['@stryker-mutator/vitest-runner', './scripts/strykerVitestWholeFiles.mjs', './scripts/strykerMachineIgnorer.mjs'],
  testRunner: 'vitest-whole-files',
  // Machine parts that never run in the product (TypeScript-only types, placeholder actors the app replaces)
  // are reported as "Ignored", with the reason, and left out of the score.
  ignorers: ['machine-setup'],
  vitest: { configFile: 'stryker.vitest.config.ts', related: false },
  // The dry run records which test files reach each mutant: a mutant no test reaches is reported without a run.
  coverageAnalysis: 'perTest',
  mutate,
  concurrency: 1,
  incremental: true,
  incrementalFile: `reports/mutation/${slug}.incremental.json`,
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: `reports/mutation/${slug}.html` },
  jsonReporter: { fileName: `reports/mutation/${slug}.json` },
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
