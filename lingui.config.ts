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
      exclude: [
        '**/node_modules/**',
        '<rootDir>/src/ops/**',
        '<rootDir>/src/pages/claim/**',
        '<rootDir>/src/pages/info/**',
        '<rootDir>/src/pages/auth/**',
        '<rootDir>/src/pages/verification/**',
        // The account area but its claim status labels, which the claim page shows too.
        '<rootDir>/src/pages/account/!(claimStatusLabels).ts*',
        '<rootDir>/src/components/account/**',
      ],
    },
    // The texts of the claim, information, sign-in, card-verification and account pages (half of the public ones)
    // load with those pages only: the home never ships them (src/i18n/catalog.ts, the routes' `catalogs`).
    {
      path: '<rootDir>/locales/{locale}/claim',
      include: ['<rootDir>/src/pages/claim'],
    },
    {
      path: '<rootDir>/locales/{locale}/info',
      include: ['<rootDir>/src/pages/info'],
    },
    {
      path: '<rootDir>/locales/{locale}/auth',
      include: ['<rootDir>/src/pages/auth'],
    },
    {
      path: '<rootDir>/locales/{locale}/verification',
      include: ['<rootDir>/src/pages/verification'],
    },
    {
      path: '<rootDir>/locales/{locale}/account',
      include: ['<rootDir>/src/pages/account', '<rootDir>/src/components/account'],
      exclude: ['<rootDir>/src/pages/account/claimStatusLabels.ts'],
    },
    // The back office has its own catalog, so its texts never weigh on the public pages.
    {
      path: '<rootDir>/locales/{locale}/ops',
      include: ['<rootDir>/src/ops'],
    },
    // What the server says (errors, mails, the CLI), as codes translated at the edge: server/i18n/translate.ts.
    {
      path: '<rootDir>/locales/{locale}/server',
      include: ['<rootDir>/server'],
      exclude: ['<rootDir>/server/seed/**'],
    },
  ],
  format: formatter({ lineNumbers: false }),
});
