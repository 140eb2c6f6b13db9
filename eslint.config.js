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
const noViews = { group: ['**/src/pages/**', '**/src/components/**', '**/src/app/**', '**/src/flows/**', '**/src/wiring/**', '**/src/i18n/**'], message: 'machines/ may import src/domain and src/api types only.' };
// src/api/errors.ts reads error bodies and imports nothing else: the one mapper from a body to a form's errors.
const onlyApiTypes = { regex: 'src/api/(?!schemas/|errors\\.ts$)', allowTypeImports: true, message: 'machines/ use only the types of src/api (its pure schemas and error-body mapper aside); the app provides the calls.' };
// Views (pages, components) reach the server only through their flows: src/wiring binds the calls. A view may
// still import src/api's types (a list row, a currency) to render what its flow holds, never a call or a schema.
const viewsUseApiTypesOnly = { regex: '^(\\.\\./)+api/', allowTypeImports: true, message: 'Views reach the API through a flow (src/wiring binds the call, src/flows gives the view its hook); import only types from src/api.' };
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

// docs/architecture.md, folder to folder: the shell (src/app) sits on top of the views (src/pages, src/components),
// which take their flows from the providers in src/flows, bound to the API in src/wiring. Nothing reaches up, which
// also keeps folders free of cycles (file cycles: import-x/no-cycle).
const arrow = (target, from, message, except) => ({ target, from, message, ...(except ? { except } : {}) });
const folderArrows = [
  arrow(['./src/components', './src/pages', './src/flows', './src/wiring', './src/thirdParty'], './src/app', 'src/app is the shell (App, Router, routes): nothing below it imports it. Move what is shared into src/flows (a flow and its hook), src/components or src/domain.'),
  arrow(['./src/flows', './src/wiring', './src/thirdParty'], ['./src/components', './src/pages'], 'src/flows and src/wiring sit under the views that use them: they never import a view (no cycle back through the folders).'),
  arrow('./src/wiring', './src/flows', 'src/wiring binds machines to calls; src/flows gives them to views: wiring never imports a flow.', ['./inspector.ts', './initialPage.ts']),
  arrow('./src/components', './src/pages', 'src/components is the kit pages are built from: it never imports a page (move the shared piece into src/components).'),
  arrow('./src/i18n', ['./src/app', './src/flows', './src/wiring', './src/pages', './src/components', './src/api', './machines'], 'src/i18n holds languages only; the app wires it to the rest.'),
  arrow('./src/api', ['./src/app', './src/flows', './src/wiring', './src/pages', './src/components', './src/i18n', './machines'], 'src/api is the wire: it knows src/domain and its own schemas only.'),
  arrow('./src/domain', ['./src', './machines'], 'src/domain is pure rules: it imports nothing of the app.', ['./domain']),
  arrow('./src/content', ['./src/app', './src/flows', './src/wiring', './src/pages', './src/components', './src/api', './machines'], 'src/content is site text and data only.'),
  arrow('./machines', ['./src/app', './src/flows', './src/wiring', './src/pages', './src/components', './src/i18n', './src/content', './src/ops'], 'machines/ may import src/domain and src/api types only.'),
];
// docs/architecture.md on the server: one folder per business object (claims, accounts, catalogue, rates, payments,
// backoffice, content...), each with its services (the only way in: transaction, rule, audit row, DomainError), its
// public routes (routes.ts, *Routes.ts), its console routes (opsRoutes.ts) and its CLI commands (commands.ts,
// *Commands.ts). server/http and server/db are the shared plumbing. Everything below the routes works without a
// request, so the CLI, the jobs and the tests call it directly.
const serverRouteFiles = ['server/http/**', 'server/**/routes.ts', 'server/**/*Routes.ts', 'server/backoffice/opsApi.ts', 'server/backoffice/guard.ts', 'server/backoffice/env.ts', 'server/claims/events/stream.ts', 'server/health/httpMetrics.ts', 'server/app.ts', 'server/main.ts'];
const serverEdgeFiles = ['server/**/routes.ts', 'server/**/*Routes.ts', 'server/**/commands.ts', 'server/**/*Commands.ts', 'server/ops/commands.ts'];
const noHttpBelowRoutes = { group: ['**/http/*', '**/routes.ts', '**/*Routes.ts', '**/backoffice/opsApi.ts', '**/backoffice/guard.ts', '**/backoffice/env.ts'], message: 'Only routes know requests: take what you need as arguments (db, config, locale), throw a DomainError for the route to map, or move the non-HTTP piece into the object\'s service.' };
const noDbAtEdge = { group: ['**/db/index.ts', '**/db/schema', '**/db/schema/*', 'drizzle-orm', 'drizzle-orm/*'], allowTypeImports: true, message: 'Routes and CLI commands parse, call a service and present: the query belongs in the object\'s service (types of db are fine).' };
const noMachinesOnServer = { group: ['**/machines/**', 'react', 'react-dom', '**/src/pages/**', '**/src/components/**', '**/src/app/**', '**/src/flows/**', '**/src/wiring/**'], message: 'server/ never imports React or machines.' };

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
  { files: ['server/**/*.ts'], ignores: serverRouteFiles, rules: boundary([noTests, noMachinesOnServer, noHttpBelowRoutes]) },
  { files: serverRouteFiles, ignores: serverEdgeFiles, rules: boundary([noTests, noMachinesOnServer]) },
  { files: serverEdgeFiles, rules: boundary([noTests, noMachinesOnServer, noDbAtEdge]) },
  {
    files: ['src/**/*.{ts,tsx}', 'machines/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [importX.createNodeResolver()] },
    rules: { 'import-x/no-restricted-paths': ['error', { zones: folderArrows }] },
  },
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [importX.createNodeResolver()] },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
);
