// Mutation testing (`npm run test:mutation`, driven by scripts/mutation.ts): StrykerJS changes the code of the
// files in MUTATE in small ways and runs the tests in MUTATION_TESTS (stryker.vitest.config.ts) against each
// change; a change no test notices is a transition or rule whose effect nobody checks. Incremental: only
// mutants of changed code or tests run again. One runner process, to leave the CPU to others.
const mutate = (process.env.MUTATE ?? 'src/domain/**/*.ts').split(',');
const slug = mutate[0].replace(/\*\*\/\*\.ts$/, '').replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '');

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  // The command runner starts Vitest afresh for each mutant (the mutant is chosen by environment variable).
  // Stryker's Vitest runner is not used: with Vitest 5 its mutant runs execute no test at all, so every mutant
  // "survives" (also stryker-js issues #6210, #6213). MUTATION_TESTS keeps each run to the tests of the
  // files it mutates.
  testRunner: 'command',
  // The sandbox is .stryker-tmp/<sandbox>/, two levels below the project and its node_modules.
  commandRunner: { command: 'node ../../node_modules/vitest/vitest.mjs run --config stryker.vitest.config.ts --reporter=dot' },
  coverageAnalysis: 'off',
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
