// Transition coverage of the statecharts: every transition each machine declares (events, delays, actor
// done/error, eventless) against those the machine tests took. Prints `machine: taken/total`; fails below 100%.
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { StateMachine, type AnyStateMachine } from 'xstate';
import { allEdges, COVERAGE_DIR } from '../tests/machines/transitionEdges.ts';


async function machinesOfProject(): Promise<AnyStateMachine[]> {
  const found: AnyStateMachine[] = [];
  for (const file of readdirSync('machines').filter((name) => name.endsWith('.ts')).sort()) {
    const module = (await import(pathToFileURL(resolve('machines', file)).href)) as Record<string, unknown>;
    for (const value of Object.values(module)) {
      if (value instanceof StateMachine && !found.includes(value)) found.push(value);
    }
  }
  return found;
}

function takenByTests(): Map<string, Set<string>> {
  const taken = new Map<string, Set<string>>();
  if (!existsSync(COVERAGE_DIR)) return taken;
  for (const file of readdirSync(COVERAGE_DIR)) {
    const recorded = JSON.parse(readFileSync(`${COVERAGE_DIR}/${file}`, 'utf8')) as Record<string, string[]>;
    for (const [machineId, edges] of Object.entries(recorded)) {
      const set = taken.get(machineId) ?? new Set<string>();
      edges.forEach((edge) => set.add(edge));
      taken.set(machineId, set);
    }
  }
  return taken;
}

const machines = await machinesOfProject();
const taken = takenByTests();
let incomplete = 0;
for (const machine of machines) {
  const edges = allEdges(machine);
  const done = edges.filter((edge) => taken.get(machine.id)?.has(edge));
  const missing = edges.filter((edge) => !done.includes(edge));
  console.log(`${machine.id}: ${done.length}/${edges.length}`);
  for (const edge of missing) console.log(`  not taken: ${edge}`);
  if (missing.length > 0) incomplete += 1;
}
if (machines.length === 0) {
  console.error('No machines found in machines/.');
  process.exit(1);
}
if (incomplete > 0) {
  console.error(`${incomplete} machine(s) below 100% transition coverage.`);
  process.exit(1);
}
