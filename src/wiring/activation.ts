// Activation from a mailed link: one request actor per token for the life of the page, so a second mount of the
// page (React's development double effects, a back-and-forth) shows the same single-use call instead of a second.
import { createActor, fromPromise, type ActorRefFrom } from 'xstate';
import { requestMachine, type RequestMachine } from '../../machines/request.ts';
import { withErrorBody } from '../api/errors.ts';
import { inspect } from '../flows/inspector.ts';

export type ActivationActor = ActorRefFrom<RequestMachine>;

/** The activation call of one token, bound to POST /api/v1/users/activate/{token}/; a failure is logged for support. */
export function wiredActivationMachine(token: string): RequestMachine {
  return requestMachine.provide({
    actors: {
      send: fromPromise<unknown>(async () => {
        // The call module (and its schemas) is imported on the first call.
        const { activate } = await import('../api/users.ts');
        return withErrorBody(() => activate(token));
      }),
    },
    actions: { logFailure: (_, { error }) => console.error('account activation failed', error) },
  });
}

/**
 * The page's activations: each token's actor is started on first use and kept. The server renders the page too, but
 * must neither spend the single-use link nor keep an actor per token for its whole life: there the actor only shows
 * its first state, which is also what hydration starts from.
 */
export function activationActors(logicOf: (token: string) => RequestMachine = wiredActivationMachine): (token: string) => ActivationActor {
  const actors = new Map<string, ActivationActor>();
  return (token) => {
    if (typeof window === 'undefined') return createActor(logicOf(token), { input: { autoStart: true } });
    let actor = actors.get(token);
    if (!actor) {
      actor = createActor(logicOf(token), { input: { autoStart: true }, inspect }).start();
      actors.set(token, actor);
    }
    return actor;
  };
}
