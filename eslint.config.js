// Lint rules plus the import arrows of docs/architecture.md, enforced per folder.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import importX from 'eslint-plugin-import-x';

const boundary = (patterns) => ({ '@typescript-eslint/no-restricted-imports': ['error', { patterns }] });
const noTests = { group: ['**/tests/**'], message: 'Nothing imports tests/.' };
const noServer = { group: ['**/server/**'], message: 'src/ and machines/ never import server/.' };
const noReact = { group: ['react', 'react-dom', 'react/*', '@xstate/react', '@headlessui/*', 'wouter', 'ky'], message: 'machines/ hold no React and no I/O.' };
const noViews = { group: ['**/src/pages/**', '**/src/components/**', '**/src/app/**', '**/src/i18n/**'], message: 'machines/ may import src/domain and src/api types only.' };
// src/api/errors.ts reads error bodies and imports nothing else: the one mapper from a body to a form's errors.
const onlyApiTypes = { regex: 'src/api/(?!schemas/|errors\\.ts$)', allowTypeImports: true, message: 'machines/ use only the types of src/api (its pure schemas and error-body mapper aside); the app provides the calls.' };
// Views (pages, components) reach the server only through their flows: src/app/wiring binds the calls. A view may
// still import src/api's types (a list row, a currency) to render what its flow holds, never a call or a schema.
const viewsUseApiTypesOnly = { regex: '^(\\.\\./)+api/', allowTypeImports: true, message: 'Views reach the API through a flow (src/app/wiring binds the call, src/app/flows gives the view its hook); import only types from src/api.' };
// The console (src/ops) likewise: its screens reach /ops-api/ only through src/ops/wiring, where each call is bound
// to its machine once, and take the machines' types only (a machine provided in a view is rebuilt on every render).
const opsViewsUseWiring = [
  { regex: '^\\./api(\\.ts)?$', allowTypeImports: true, message: 'Console screens reach /ops-api/ through src/ops/wiring (a wired resource, list, save or decision); import only types from src/ops/api.ts.' },
  { regex: '^(\\.\\./)+machines/', allowTypeImports: true, message: 'Console screens take a wired machine from src/ops/wiring; import only types from machines/.' },
];
// README (Inspecting the flows): a machine config names its implementations, so the Stately visualizer and docs/machines show them.
const inConfig = "CallExpression[callee.property.name=/^(createMachine|createStateConfig)$/] > ObjectExpression";
const byName =
  'move it into setup({ actions | guards | actors | delays }) under a name that says what it does, and reference it by that name in the config (with params where one implementation serves several places)';
const namedImplementationsOnly = [
  'error',
  {
    selector: `${inConfig} CallExpression[callee.name=/^(assign|raise|sendTo|sendParent|emit|log|enqueueActions|spawnChild|stopChild|cancel)$/]`,
    message: `Machine configs hold no inline action creators (the visualizer would show only "assign" and friends): ${byName}.`,
  },
  {
    selector: `${inConfig} CallExpression[callee.name=/^(and|or|not|stateIn)$/]`,
    message: `Machine configs hold no compound guards (the visualizer loses their operands): write one named guard in setup({ guards }) that says the condition, or make it a state.`,
  },
  {
    selector: `${inConfig} Property[key.name=/^(guard|actions|entry|exit|src)$/] > :function, ${inConfig} Property[key.name=/^(actions|entry|exit)$/] > ArrayExpression > :function`,
    message: `Machine configs hold no inline guard, action or actor functions: ${byName}.`,
  },
  {
    selector: `${inConfig} Property[key.name='src'] > CallExpression`,
    message: `Machine configs invoke actors by name: declare the actor (fromPromise, fromCallback, ...) in setup({ actors }) and write src: '<name>'.`,
  },
  {
    selector: `${inConfig} Property[key.name='after'] > ObjectExpression > Property[key.type='Literal']`,
    message: 'Machine configs name their timers: declare the delay in setup({ delays }) (e.g. paymentWindow: 15 * 60_000) and write after: { paymentWindow: ... }, so tests and diagrams see what it waits for.',
  },
];

// docs/architecture.md, folder to folder. Views reach src/app only through the providers' hooks in src/app/flows/; the
// layers below never reach up, which also keeps folders free of cycles (file cycles: import-x/no-cycle).
const arrow = (target, from, message, except) => ({ target, from, message, ...(except ? { except } : {}) });
const viewsToApp = 'Views take their flows from the providers in src/app/flows/ (a hook or a provider), never other src/app modules: move what they need out of src/app (content, i18n, components) or give it a flow.';
// initialPage.ts is the server-rendered page's provider and hooks (useInitialPage, useSiteOrigin).
const publicApp = ['./flows', './initialPage.ts'];
const folderArrows = [
  arrow('./src/components', './src/app', viewsToApp, publicApp),
  arrow('./src/pages', './src/app', viewsToApp, publicApp),
  arrow(['./src/app/flows', './src/app/wiring'], ['./src/components', './src/pages'], 'src/app/flows and src/app/wiring sit under the views that use them: they never import a view (no cycle back through the folders).'),
  arrow('./src/components', './src/pages', 'src/components is the kit pages are built from: it never imports a page (move the shared piece into src/components).'),
  arrow('./src/i18n', ['./src/app', './src/pages', './src/components', './src/api', './machines'], 'src/i18n holds languages only; the app wires it to the rest.'),
  arrow('./src/api', ['./src/app', './src/pages', './src/components', './src/i18n', './machines'], 'src/api is the wire: it knows src/domain and its own schemas only.'),
  arrow('./src/domain', ['./src', './machines'], 'src/domain is pure rules: it imports nothing of the app.', ['./domain']),
  arrow('./src/content', ['./src/app', './src/pages', './src/components', './src/api', './machines'], 'src/content is site text and data only.'),
  arrow('./machines', ['./src/app', './src/pages', './src/components', './src/i18n', './src/content', './src/ops'], 'machines/ may import src/domain and src/api types only.'),
];
// docs/architecture.md on the server: routes (server/http, server/routes, server/opsApi: parse, call, present) → services
// (rules, transactions, DomainError) → db. Everything below the HTTP layer works without a request, so the CLI,
// the jobs and the tests call it directly.
const httpLayer = ['./server/http', './server/routes', './server/opsApi'];
const belowHttp = ['./server/services', './server/operators', './server/auth', './server/uploads', './server/mail', './server/jobs', './server/rates', './server/ops', './server/seed', './server/db', './server/i18n', './server/log.ts', './server/config.ts'];
const serverArrows = [
  arrow(belowHttp, httpLayer, 'Only the HTTP layer knows requests: take what you need as arguments (db, config, locale), throw a DomainError for the HTTP layer to map, or move the non-HTTP piece below it (server/i18n, server/log.ts, server/services).'),
  arrow('./server/services', ['./server/operators', './server/jobs', './server/rates', './server/ops', './server/seed'], 'server/services sit under the back office, the jobs, the rate refresh, the CLI and the seed: they call services, never the other way.'),
  arrow('./server/db', ['./server/services', './server/operators', './server/auth', './server/uploads', './server/mail', './server/jobs', './server/rates', './server/ops', './server/seed'], 'server/db is the bottom layer (connection, schema, migrations): it imports no layer above it.'),
];
const noMachinesOnServer = { group: ['**/machines/**', 'react', 'react-dom', '**/src/pages/**', '**/src/components/**', '**/src/app/**'], message: 'server/ never imports React or machines.' };

export default tseslint.config(
  { ignores: ['dist/', 'dist-*/', '.stryker-tmp/', 'reports/', 'node_modules/', 'data/', 'test-data/', 'test-results/', 'playwright-report/', 'server/migrations/', 'locales/**/*.js', 'locales/**/*.mjs'] },
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
  { files: ['src/pages/**/*.{ts,tsx}', 'src/components/**/*.{ts,tsx}'], rules: boundary([noTests, noServer, viewsUseApiTypesOnly]) },
  { files: ['src/ops/**/*.{ts,tsx}'], ignores: ['src/ops/wiring/**', 'src/ops/api.ts'], rules: boundary([noTests, noServer, ...opsViewsUseWiring]) },
  { files: ['src/domain/**/*.ts', 'src/api/schemas/**/*.ts'], rules: boundary([noTests, noServer, noReact, noViews]) },
  { files: ['machines/**/*.ts'], rules: boundary([noTests, noServer, noReact, noViews, onlyApiTypes]) },
  { files: ['machines/**/*.ts', 'src/**/*.{ts,tsx}'], rules: { 'no-restricted-syntax': namedImplementationsOnly } },
  { files: ['server/**/*.ts'], rules: boundary([noTests, noMachinesOnServer]) },
  {
    files: ['src/**/*.{ts,tsx}', 'machines/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [importX.createNodeResolver()] },
    rules: { 'import-x/no-restricted-paths': ['error', { zones: folderArrows }] },
  },
  {
    files: ['server/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [importX.createNodeResolver()] },
    rules: { 'import-x/no-restricted-paths': ['error', { zones: serverArrows }] },
  },
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [importX.createNodeResolver()] },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
);
