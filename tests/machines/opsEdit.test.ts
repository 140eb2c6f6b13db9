import { describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import { opsEditMachine, type OpsEditValues } from '../../machines/opsEdit.ts';
import { deferred, type Deferred } from './deferred.ts';
import { startMachine } from './harness.ts';

function start() {
  const calls: { input: OpsEditValues; answer: Deferred<unknown> }[] = [];
  let saved = 0;
  const machine = opsEditMachine.provide({
    actors: {
      save: fromPromise<unknown, OpsEditValues>(({ input }) => {
        const answer = deferred<unknown>();
        calls.push({ input, answer });
        return answer.promise;
      }),
    },
    actions: {
      notifySaved: () => {
        saved += 1;
      },
    },
  });
  return { actor: startMachine(machine), calls, saved: () => saved };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('idle', () => {
  it('starts closed, with nothing to edit', () => {
    const { actor } = start();
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context).toEqual({ values: {}, errors: {} });
  });

  it('opens with the current values', () => {
    const { actor } = start();
    actor.send({ type: 'edit', values: { course: '95.1', fromMin: '' } });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.values).toEqual({ course: '95.1', fromMin: '' });
  });
});

describe('editing', () => {
  it('keeps what is typed; cancel closes without saving', () => {
    const { actor, calls } = start();
    actor.send({ type: 'edit', values: { course: '95.1' } });
    actor.send({ type: 'field.changed', name: 'course', value: '96' });
    expect(actor.getSnapshot().context.values.course).toBe('96');
    actor.send({ type: 'cancel' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.values).toEqual({});
    expect(calls).toHaveLength(0);
  });
});

describe('saving', () => {
  it('sends the values; success closes and reports', async () => {
    const { actor, calls, saved } = start();
    actor.send({ type: 'edit', values: { course: '95.1' } });
    actor.send({ type: 'save' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(calls[0]!.input).toEqual({ course: '95.1' });
    calls[0]!.answer.resolve({});
    await tick();
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context).toEqual({ values: {}, errors: {} });
    expect(saved()).toBe(1);
  });

  it('field errors come back to the form; typing clears that field’s error', async () => {
    const { actor, calls, saved } = start();
    actor.send({ type: 'edit', values: { course: 'x' } });
    actor.send({ type: 'save' });
    calls[0]!.answer.reject({ course: ['Enter a valid number.'] });
    await tick();
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.errors).toEqual({ course: { code: 'server', message: 'Enter a valid number.' } });
    actor.send({ type: 'field.changed', name: 'course', value: '9' });
    expect(actor.getSnapshot().context.errors).toEqual({});
    expect(saved()).toBe(0);
  });

  it('a general refusal shows until any field is changed', async () => {
    const { actor, calls } = start();
    actor.send({ type: 'edit', values: { course: '95', fromMin: '1' } });
    actor.send({ type: 'save' });
    calls[0]!.answer.reject({ detail: 'The direction was removed.' });
    await tick();
    expect(actor.getSnapshot().context.errors).toEqual({ detail: { code: 'server', message: 'The direction was removed.' } });
    actor.send({ type: 'field.changed', name: 'fromMin', value: '2' });
    expect(actor.getSnapshot().context.errors).toEqual({});
  });
});
