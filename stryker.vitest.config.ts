// The Vitest setup StrykerJS runs (stryker.config.mjs): the machine and domain tests only, in Node, without
// the app's build plugins or the server tests' database.
import { defineConfig } from 'vitest/config';
import './scripts/mapGroupBy.ts';

export default defineConfig({
  test: {
    include: ['tests/machines/**/*.test.ts'],
    environment: 'node',
    setupFiles: ['tests/machines/setup.ts'],
  },
});
