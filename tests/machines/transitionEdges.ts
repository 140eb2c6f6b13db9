// Names every transition of a machine as an edge "stateId | event | index", both for the whole machine
// (what could be taken) and for one taken transition (what a test took). Shared by the harness and the report.
import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate';

export const ALWAYS = 'always';

function key(sourceId: string, eventType: string, index: number): string {
  return `${sourceId} | ${eventType || ALWAYS} | ${index}`;
}

function nodesOf(node: AnyStateNode): AnyStateNode[] {
  return [node, ...Object.values(node.states).flatMap((child) => nodesOf(child as AnyStateNode))];
}

/** Every transition a machine declares: events, delays, actor done/error, state done, eventless. */
export function allEdges(machine: AnyStateMachine): string[] {
  const edges: string[] = [];
  for (const node of nodesOf(machine.root)) {
    for (const [eventType, transitions] of node.transitions) {
      transitions.forEach((_transition: AnyTransitionDefinition, index: number) => edges.push(key(node.id, eventType, index)));
    }
    node.always?.forEach((_transition: AnyTransitionDefinition, index: number) => edges.push(key(node.id, ALWAYS, index)));
  }
  return edges;
}

/**
 * The edge of one taken transition, as reported by a `@xstate.microstep` inspection event; null when the
 * transition is not among those its source state declares (the report then fails rather than guess).
 */
export function edgeOf(transition: AnyTransitionDefinition): string | null {
  const source = transition.source;
  const index = (source.transitions.get(transition.eventType) ?? []).indexOf(transition);
  if (index >= 0) return key(source.id, transition.eventType, index);
  const alwaysIndex = (source.always ?? []).indexOf(transition);
  if (alwaysIndex >= 0) return key(source.id, ALWAYS, alwaysIndex);
  return null;
}

/** Where each machine test file leaves the transitions it took (cleared at the start of every run). */
export const COVERAGE_DIR = 'test-results/machine-coverage';

/** What one test file leaves there. */
export interface TakenByFile {
  /** The test file's name, e.g. 'calculator.test.ts': it earns credit only for machines/calculator.ts. */
  testFile: string;
  /** machine id → edges taken. */
  taken: Record<string, string[]>;
  /** Transitions that could not be named as an edge, by machine id and event. */
  unplaceable: string[];
}
