// A StrykerJS test runner (used by stryker.config.mjs): Stryker's own Vitest runner with two corrections.
// 1. A mutant runs the whole test files that cover it instead of only the covering tests by name: the Vitest
//    runner picks tests with a name pattern joined by spaces ("suite test"), while Vitest 5 matches the pattern
//    against names joined by " > " ("suite > test"), so every mutant ran no test and "survived" (stryker-js
//    issue #6210). Giving each covering file an empty test name makes the runner's pattern match every test of
//    those files; the files themselves still come from the per-test coverage of the dry run.
// 2. A mutant that makes a test file fail to load (a machine config Xstate refuses at import) is killed, not
//    "survived" for want of tests (stryker-js issue #6150).
import { commonTokens, declareFactoryPlugin, PluginKind, tokens } from '@stryker-mutator/api/plugin';
import { MutantRunStatus } from '@stryker-mutator/api/test-runner';
import { strykerPlugins as vitestPlugins } from '@stryker-mutator/vitest-runner';

const [vitestRunnerPlugin] = vitestPlugins;

/** Test ids are "<file>#<test name>"; "<file>#" stands for every test of that file. */
function wholeFilesOf(testIds) {
  return [...new Set(testIds.map((id) => `${id.slice(0, id.indexOf('#'))}#`))];
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

  dryRun(options) {
    return this.vitestRunner.dryRun(options);
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
