// A StrykerJS test runner (used by stryker.config.mjs): Stryker's own Vitest runner with two corrections.
// 1. A mutant runs the whole test files that cover it instead of only the covering tests by name: the Vitest
//    runner picks tests with a name pattern joined by spaces ("suite test"), while Vitest 5 matches the pattern
//    against names joined by " > " ("suite > test"), so every mutant ran no test and "survived" (stryker-js
//    issue #6210). Giving each covering file an empty test name makes the runner's pattern match every test of
//    those files; the files themselves still come from the per-test coverage of the dry run.
// 2. A mutant that makes a test file fail to load (a machine config Xstate refuses at import) is killed, not
//    "survived" for want of tests (stryker-js issue #6150).
// 3. Each test of the dry run carries where it starts in its file (the runner leaves it out), so an incremental
//    run keeps the results of the tests a change did not touch instead of rerunning the whole file's mutants.
// 4. A static mutant (code run when the module loads, e.g. a machine config) is run against every test, so it
//    counts as covered by every test: otherwise an incremental run would keep a static mutant "survived" after
//    tests that kill it were added.
import { commonTokens, declareFactoryPlugin, PluginKind, tokens } from '@stryker-mutator/api/plugin';
import { DryRunStatus, MutantRunStatus } from '@stryker-mutator/api/test-runner';
import { strykerPlugins as vitestPlugins } from '@stryker-mutator/vitest-runner';

const [vitestRunnerPlugin] = vitestPlugins;

/** Test ids are "<file>#<test name>"; "<file>#" stands for every test of that file. */
function wholeFilesOf(testIds) {
  return [...new Set(testIds.map((id) => `${id.slice(0, id.indexOf('#'))}#`))];
}

/** `<file>#<suite names and test name joined by spaces>` (the runner's test name) → zero-based start. */
function startPositionsOf(files) {
  const positions = new Map();
  const visit = (task, names) => {
    const path = [...names, task.name];
    if (task.type === 'suite') task.tasks.forEach((child) => visit(child, path));
    else if (task.type === 'test' && task.location) {
      const { line, column } = task.location;
      positions.set(`${task.file.filepath}#${path.join(' ').trim()}`, { line: line - 1, column: Math.max(0, column - 1) });
    }
  };
  files.forEach((file) => file.tasks.forEach((task) => visit(task, [])));
  return positions;
}

function staticCoveredByEveryTest(coverage, tests) {
  if (coverage === undefined) return coverage;
  const staticIds = Object.keys(coverage.static).filter((id) => coverage.static[id] > 0);
  const perTest = { ...coverage.perTest };
  for (const { id } of tests) {
    perTest[id] = { ...perTest[id] };
    for (const mutantId of staticIds) perTest[id][mutantId] ??= 1;
  }
  return { ...coverage, perTest };
}

class WholeFileVitestRunner {
  constructor(vitestRunner) {
    this.vitestRunner = vitestRunner;
  }

  capabilities() {
    return this.vitestRunner.capabilities();
  }

  init() {
    return this.vitestRunner.init();
  }

  async dryRun(options) {
    const result = await this.vitestRunner.dryRun(options);
    if (result.status !== DryRunStatus.Complete) return result;
    const positions = startPositionsOf(this.vitestRunner.ctx.state.getFiles());
    const tests = result.tests.map((test) => ({ ...test, startPosition: positions.get(`${test.fileName}#${test.name}`) }));
    return { ...result, tests, mutantCoverage: staticCoveredByEveryTest(result.mutantCoverage, tests) };
  }

  async mutantRun(options) {
    const testFilter = options.testFilter && wholeFilesOf(options.testFilter);
    const result = await this.vitestRunner.mutantRun({ ...options, testFilter });
    if (result.status !== MutantRunStatus.Survived) return result;
    const unloaded = this.vitestRunner.ctx.state.getFiles().find((file) => file.result?.state === 'fail');
    if (unloaded === undefined) return result;
    const reason = unloaded.result.errors?.[0]?.message ?? 'the test file failed to load';
    return { status: MutantRunStatus.Killed, killedBy: [], failureMessage: `${unloaded.name}: ${reason}`, nrOfTests: 0 };
  }

  dispose() {
    return this.vitestRunner.dispose();
  }
}

function createWholeFileVitestRunner(injector) {
  return new WholeFileVitestRunner(injector.injectFunction(vitestRunnerPlugin.factory));
}
createWholeFileVitestRunner.inject = tokens(commonTokens.injector);

export const strykerPlugins = [
  declareFactoryPlugin(PluginKind.TestRunner, 'vitest-whole-files', createWholeFileVitestRunner),
];
