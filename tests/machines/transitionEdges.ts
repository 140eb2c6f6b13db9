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

/** The edge of one taken transition, as reported by a `@xstate.microstep` inspection event. */
export function edgeOf(transition: AnyTransitionDefinition): string {
  const source = transition.source;
  const sameEvent = source.transitions.get(transition.eventType) ?? [];
  const index = sameEvent.indexOf(transition);
  if (index >= 0) return key(source.id, transition.eventType, index);
  const alwaysIndex = (source.always ?? []).indexOf(transition);
  return key(source.id, ALWAYS, Math.max(alwaysIndex, 0));
}

/** Where each machine test file leaves the transitions it took. */
export const COVERAGE_DIR = 'test-results/machine-coverage';
