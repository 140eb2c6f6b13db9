// Every machine test starts its actors here, so the transitions they take are recorded for the
// transition-coverage report (scripts/machine-coverage.ts).
import { createActor, type Actor, type ActorOptions, type AnyStateMachine, type InspectionEvent } from 'xstate';
import { edgeOf } from './transitionEdges.ts';

/** machine id → edges taken in this test file. */
export const takenEdges = new Map<string, Set<string>>();
/** Transitions taken in this test file that edgeOf could not place. */
export const unplaceableEdges = new Set<string>();

function record(event: InspectionEvent): void {
  if (event.type !== '@xstate.microstep') return;
  for (const transition of event._transitions) {
    const machineId = transition.source.machine.id;
    const edge = edgeOf(transition);
    if (edge === null) {
      unplaceableEdges.add(`${machineId}: ${transition.source.id} on "${transition.eventType || 'always'}"`);
      continue;
    }
    let edges = takenEdges.get(machineId);
    if (!edges) takenEdges.set(machineId, (edges = new Set()));
    edges.add(edge);
  }
}

/** Same as `createActor(machine, options).start()`, with the transitions recorded. */
export function startMachine<TMachine extends AnyStateMachine>(
  machine: TMachine,
  given?: ActorOptions<TMachine>,
): Actor<TMachine> {
  const actor = createActor(machine, {
    ...given,
    inspect: (event: InspectionEvent) => {
      record(event);
      const inspect = given?.inspect;
      if (typeof inspect === 'function') inspect(event);
      else inspect?.next?.(event);
    },
  } as ActorOptions<TMachine>);
  actor.start();
  return actor;
}
