// The activation wiring as the server's page rendering meets it (no window): the mailed single-use link must not be
// spent and no actor kept per token (the server renders /activate/{token} for every visitor for its whole life).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import { requestMachine } from '../../../../machines/request.ts';
import { activationActors } from '../../../../src/wiring/activation.ts';

describe('activation while the server renders the page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the first state without calling the API, and keeps nothing between renders', async () => {
    vi.stubGlobal('window', undefined);
    const send = vi.fn(async (): Promise<unknown> => ({}));
    const actorOf = activationActors(() => requestMachine.provide({ actors: { send: fromPromise(send) } }));

    const first = actorOf('token-1');
    const second = actorOf('token-1');
    await new Promise((resolve) => setTimeout(resolve, 10));

    expect(first.getSnapshot().value).toBe('pending');
    expect(second).not.toBe(first);
    expect(send).not.toHaveBeenCalled();
  });
});
