// Transition coverage of the statecharts: every transition each machine declares (events, delays, actor
// done/error, eventless) against those taken by the tests of that machine. Prints `machine: taken/total`;
// fails below 100%, and when a taken transition could not be named.
//
// A machine of machines/<name>.ts earns credit only from tests/machines/<name>.test.ts: a child machine run
// inside its parent's tests, or a machine driven by another flow's tests, is not thereby tested.
//
// By default the machine tests are run first, from no recorded results. `--reuse` reads the results a full
// `vitest run` just left (npm test clears them before that run).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { StateMachine, type AnyStateMachine } from 'xstate';
import { allEdges, COVERAGE_DIR, type TakenByFile } from '../tests/machines/transitionEdges.ts';

interface MachineOfFile {
  machine: AnyStateMachine;
  /** The test file whose transitions count for this machine. */
  testFile: string;
}

async function machinesOfProject(): Promise<MachineOfFile[]> {
  const found: MachineOfFile[] = [];
  for (const file of readdirSync('machines').filter((name) => name.endsWith('.ts')).sort()) {
    const module = (await import(pathToFileURL(resolve('machines', file)).href)) as Record<string, unknown>;
    for (const value of Object.values(module)) {
      if (value instanceof StateMachine && !found.some((entry) => entry.machine === value)) {
        found.push({ machine: value, testFile: `${basename(file, '.ts')}.test.ts` });
      }
    }
  }
  return found;
}

function recordedResults(): TakenByFile[] {
  if (!existsSync(COVERAGE_DIR)) return [];
  return readdirSync(COVERAGE_DIR).map((file) => JSON.parse(readFileSync(`${COVERAGE_DIR}/${file}`, 'utf8')) as TakenByFile);
}

if (!process.argv.includes('--reuse')) {
  rmSync(COVERAGE_DIR, { recursive: true, force: true });
  const run = spawnSync('npx vitest run --project machines', { shell: true, stdio: 'inherit' });
  if (run.status !== 0) {
    console.error('The machine tests failed: no coverage is reported.');
    process.exit(1);
  }
}

const machines = await machinesOfProject();
const results = recordedResults();
let incomplete = 0;
for (const { machine, testFile } of machines) {
  const taken = new Set(results.filter((result) => result.testFile === testFile).flatMap((result) => result.taken[machine.id] ?? []));
  const edges = allEdges(machine);
  const missing = edges.filter((edge) => !taken.has(edge));
  console.log(`${machine.id}: ${edges.length - missing.length}/${edges.length} (tests/machines/${testFile})`);
  for (const edge of missing) console.log(`  not taken: ${edge}`);
  if (missing.length > 0) incomplete += 1;
}
const unplaceable = [...new Set(results.flatMap((result) => result.unplaceable))];
for (const edge of unplaceable) console.error(`  taken but not placeable as an edge: ${edge}`);
if (machines.length === 0) {
  console.error('No machines found in machines/.');
  process.exit(1);
}
if (incomplete > 0 || unplaceable.length > 0) {
  console.error(`${incomplete} machine(s) below 100% transition coverage; ${unplaceable.length} unplaceable transition(s).`);
  process.exit(1);
}
