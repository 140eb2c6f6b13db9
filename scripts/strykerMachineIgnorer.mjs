// A StrykerJS ignorer (stryker.config.mjs `ignorers`): leaves out of the mutation score the parts of a machine's
// `setup({...})` that never run in the product, each with its reason in the report (status "Ignored").
// - `types`: only TypeScript reads it; at run time XState ignores it.
// - Placeholder actors, whose body only throws ("the app must provide ..."): every flow is wired once in
//   src/app, which replaces each of them with `.provide`, as the tests do; a changed placeholder changes nothing
//   anyone runs. An `actors` object made only of placeholders is left out whole, and so is a `setup({...})`
//   argument holding nothing else than these.
import { declareValuePlugin, PluginKind } from '@stryker-mutator/api/plugin';

function isSetupArgument(objectPath) {
  const call = objectPath.parentPath;
  return Boolean(
    objectPath.isObjectExpression() &&
      call?.isCallExpression() &&
      call.node.arguments[0] === objectPath.node &&
      call.node.callee.type === 'Identifier' &&
      call.node.callee.name === 'setup',
  );
}

/** A property of the object given to `setup(...)` named `name`. */
function isSetupProperty(path, name) {
  return (
    path.isObjectProperty() &&
    path.node.key.type === 'Identifier' &&
    path.node.key.name === name &&
    isSetupArgument(path.parentPath)
  );
}

/** `fromPromise(async () => { throw ... })` or `fromCallback(() => { throw ... })`. */
function isPlaceholderActor(node) {
  if (node.type !== 'CallExpression' || node.callee.type !== 'Identifier' || !node.callee.name.startsWith('from')) return false;
  const [logic] = node.arguments;
  if (logic?.type !== 'ArrowFunctionExpression' && logic?.type !== 'FunctionExpression') return false;
  const { body } = logic;
  return body.type === 'BlockStatement' && body.body.length === 1 && body.body[0].type === 'ThrowStatement';
}

function isPlaceholderOfSetupActors(path) {
  return path.isObjectProperty() && isPlaceholderActor(path.node.value) && isSetupProperty(path.parentPath.parentPath, 'actors');
}

function onlyPlaceholders(actorsProperty) {
  const { value } = actorsProperty.node;
  return value.type === 'ObjectExpression' && value.properties.every((property) => property.type === 'ObjectProperty' && isPlaceholderActor(property.value));
}

/** A `setup({...})` argument with nothing but `types` and placeholder `actors`. */
function onlyTypesAndPlaceholders(setupArgument) {
  return setupArgument
    .get('properties')
    .every((property) => isSetupProperty(property, 'types') || (isSetupProperty(property, 'actors') && onlyPlaceholders(property)));
}

export const strykerPlugins = [
  declareValuePlugin(PluginKind.Ignore, 'machine-setup', {
    shouldIgnore(path) {
      if (isSetupArgument(path) && onlyTypesAndPlaceholders(path)) return 'setup holds only types and placeholder actors';
      if (isSetupProperty(path, 'types')) return 'setup types are read by TypeScript only';
      if (isSetupProperty(path, 'actors') && onlyPlaceholders(path)) return 'placeholder actors: the app provides every one of them';
      if (isPlaceholderOfSetupActors(path)) return 'a placeholder actor: the app provides it';
      return undefined;
    },
  }),
];
