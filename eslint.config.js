// Lint rules plus the import arrows of DESIGN.md §1, enforced per folder.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const boundary = (patterns) => ({ '@typescript-eslint/no-restricted-imports': ['error', { patterns }] });
const noTests = { group: ['**/tests/**'], message: 'Nothing imports tests/.' };
const noServer = { group: ['**/server/**'], message: 'src/ and machines/ never import server/.' };
const noReact = { group: ['react', 'react-dom', 'react/*', '@xstate/react', '@headlessui/*', 'wouter', 'ky'], message: 'machines/ hold no React and no I/O.' };
const noViews = { group: ['**/src/pages/**', '**/src/components/**', '**/src/app/**', '**/src/i18n/**'], message: 'machines/ may import src/domain and src/api types only.' };
const onlyApiTypes = { regex: 'src/api/(?!schemas/)', allowTypeImports: true, message: 'machines/ use only the types of src/api (and its pure schemas); the app provides the calls.' };
const noMachinesOnServer = { group: ['**/machines/**', 'react', 'react-dom', '**/src/pages/**', '**/src/components/**', '**/src/app/**'], message: 'server/ never imports React or machines.' };

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'data/', 'test-data/', 'test-results/', 'playwright-report/', 'server/migrations/', 'locales/**/*.js', 'locales/**/*.mjs'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules, ...boundary([noTests, noServer]) },
  },
  { files: ['src/domain/**/*.ts', 'src/api/schemas/**/*.ts'], rules: boundary([noTests, noServer, noReact, noViews]) },
  { files: ['machines/**/*.ts'], rules: boundary([noTests, noServer, noReact, noViews, onlyApiTypes]) },
  { files: ['server/**/*.ts'], rules: boundary([noTests, noMachinesOnServer]) },
);
