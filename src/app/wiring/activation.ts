// Activation from a mailed link: one request actor per token for the life of the page, so a second mount of the
// page (React's development double effects, a back-and-forth) shows the same single-use call instead of a second.
import { createActor, fromPromise, type ActorRefFrom } from 'xstate';
import { requestMachine } from '../../../machines/request.ts';
import { withErrorBody } from '../../api/errors.ts';
import { activate } from '../../api/users.ts';
import { inspect } from '../inspector.ts';

export type ActivationActor = ActorRefFrom<typeof requestMachine>;

const activations = new Map<string, ActivationActor>();

export function activationActor(token: string): ActivationActor {
  let actor = activations.get(token);
  if (!actor) {
    const wired = requestMachine.provide({
      actors: { send: fromPromise<unknown>(() => withErrorBody(() => activate(token))) },
      actions: { logFailure: (_, { error }) => console.error('account activation failed', error) },
    });
    actor = createActor(wired, { input: { autoStart: true }, inspect }).start();
    activations.set(token, actor);
  }
  return actor;
}
