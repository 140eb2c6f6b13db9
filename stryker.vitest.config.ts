// The Vitest setup StrykerJS runs (stryker.config.mjs): the tests MUTATION_TESTS names (default: all machine and
// domain tests), in Node, without the app's build plugins, the transition recorder or the server tests' database.
import { defineConfig } from 'vitest/config';
import './scripts/mapGroupBy.ts';

export default defineConfig({
  test: {
    include: (process.env.MUTATION_TESTS ?? 'tests/machines/**/*.test.ts,tests/domain/**/*.test.ts').split(','),
    environment: 'node',
    pool: 'threads',
    // Where each test starts, for Stryker's incremental runs (scripts/strykerVitestWholeFiles.mjs).
    includeTaskLocation: true,
  },
});
