import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';

// Source strings are written in English; the Russian catalog carries every translation.
export default defineConfig({
  sourceLocale: 'en',
  locales: ['ru', 'en'],
  fallbackLocales: { default: 'en' },
  catalogs: [
    {
      path: '<rootDir>/locales/{locale}/messages',
      include: ['<rootDir>/src'],
      exclude: ['**/node_modules/**'],
    },
  ],
  format: formatter({ lineNumbers: false }),
});
