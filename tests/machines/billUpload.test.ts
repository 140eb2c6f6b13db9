import { describe, expect, it } from 'vitest';
import { fromPromise, waitFor } from 'xstate';
import { BILL_MAX_BYTES, billUploadMachine, type BillFile } from '../../machines/billUpload.ts';
import { startMachine } from './harness.ts';
import { deferred, type Deferred } from './deferred.ts';

const RECEIPT: BillFile = { name: 'receipt.png', type: 'image/png', size: 120_000 };

function start(uploaded = false) {
  const sent: { uuid: string; file: BillFile }[] = [];
  const answers: Deferred<void>[] = [];
  const machine = billUploadMachine.provide({
    actors: {
      uploadBill: fromPromise<void, { uuid: string; file: BillFile }>(({ input }) => {
        sent.push(input);
        const answer = deferred<void>();
        answers.push(answer);
        return answer.promise;
      }),
    },
  });
  const actor = startMachine(machine, { input: { uuid: 'claim-1', uploaded } });
  return { actor, sent, answers };
}

describe('idle', () => {
  it('waits for a file', () => {
    const { actor } = start();
    expect(actor.getSnapshot().value).toBe('idle');
  });

  it('starts as done when the server already holds a receipt', () => {
    const { actor } = start(true);
    expect(actor.getSnapshot().value).toBe('done');
  });

  it('checks and uploads a chosen image', () => {
    const { actor, sent } = start();
    actor.send({ type: 'file.chosen', file: RECEIPT });
    expect(actor.getSnapshot().value).toBe('uploading');
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(sent).toEqual([{ uuid: 'claim-1', file: RECEIPT }]);
  });
});

describe('file.chosen: the file checks', () => {
  it('rejects a file that is not an image', () => {
    const { actor, sent } = start();
    actor.send({ type: 'file.chosen', file: { name: 'receipt.exe', type: 'application/x-msdownload', size: 10 } });
    expect(actor.getSnapshot().value).toBe('rejected');
    expect(actor.getSnapshot().context.error).toEqual({ code: 'bad_type' });
    expect(sent).toHaveLength(0);
  });

  it('takes an image of exactly the size limit', () => {
    const { actor, sent } = start();
    actor.send({ type: 'file.chosen', file: { ...RECEIPT, size: BILL_MAX_BYTES } });
    expect(actor.getSnapshot().value).toBe('uploading');
    expect(sent).toHaveLength(1);
  });

  it('rejects an image that is too large', () => {
    const { actor } = start();
    actor.send({ type: 'file.chosen', file: { ...RECEIPT, size: BILL_MAX_BYTES + 1 } });
    expect(actor.getSnapshot().context.error).toEqual({ code: 'too_large' });
  });
});

describe('rejected', () => {
  it('accepts another file and forgets the error', () => {
    const { actor } = start();
    actor.send({ type: 'file.chosen', file: { ...RECEIPT, type: 'text/plain' } });
    actor.send({ type: 'file.chosen', file: RECEIPT });
    expect(actor.getSnapshot().value).toBe('uploading');
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('checks the next file too, keeping the newest file and its error', () => {
    const { actor, sent } = start();
    actor.send({ type: 'file.chosen', file: { ...RECEIPT, type: 'text/plain' } });
    const large = { ...RECEIPT, name: 'large.png', size: BILL_MAX_BYTES + 1 };
    actor.send({ type: 'file.chosen', file: large });
    expect(actor.getSnapshot().value).toBe('rejected');
    expect(actor.getSnapshot().context).toMatchObject({ file: large, error: { code: 'too_large' } });
    expect(sent).toHaveLength(0);
  });
});

describe('uploading', () => {
  it('ignores another file while one is being sent', () => {
    const { actor, sent } = start();
    actor.send({ type: 'file.chosen', file: RECEIPT });
    actor.send({ type: 'file.chosen', file: { ...RECEIPT, name: 'other.png' } });
    expect(sent).toHaveLength(1);
  });

  it('ends in done when the server accepts the file', async () => {
    const { actor, answers } = start();
    actor.send({ type: 'file.chosen', file: RECEIPT });
    answers[0]!.resolve();
    await waitFor(actor, (s) => s.matches('done'));
    expect(actor.getSnapshot().context.uploaded).toBe(true);
  });

  it('keeps the server message of a refused file', async () => {
    const { actor, answers } = start();
    actor.send({ type: 'file.chosen', file: RECEIPT });
    answers[0]!.reject({ message: 'The file is not an image.' });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.error).toEqual({ code: 'server', message: 'The file is not an image.' });
  });

  it('names a network failure, or an unknown one', async () => {
    const { actor, answers } = start();
    actor.send({ type: 'file.chosen', file: RECEIPT });
    answers[0]!.reject({ network: true });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.error).toEqual({ code: 'network_error' });
    actor.send({ type: 'retry' });
    answers[1]!.reject(new Error('boom'));
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.error).toEqual({ code: 'unknown' });
  });
});

describe('failed', () => {
  it('sends the same file again on retry', async () => {
    const { actor, answers, sent } = start();
    actor.send({ type: 'file.chosen', file: RECEIPT });
    answers[0]!.reject({ network: true });
    await waitFor(actor, (s) => s.matches('failed'));
    actor.send({ type: 'retry' });
    expect(sent.map((call) => call.file.name)).toEqual(['receipt.png', 'receipt.png']);
    answers[1]!.resolve();
    await waitFor(actor, (s) => s.matches('done'));
  });

  it('accepts another file instead', async () => {
    const { actor, answers, sent } = start();
    actor.send({ type: 'file.chosen', file: RECEIPT });
    answers[0]!.reject({ network: true });
    await waitFor(actor, (s) => s.matches('failed'));
    actor.send({ type: 'file.chosen', file: { ...RECEIPT, name: 'second.jpg', type: 'image/jpeg' } });
    expect(sent.map((call) => call.file.name)).toEqual(['receipt.png', 'second.jpg']);
  });

  it('refuses a wrong file instead, without sending it', async () => {
    const { actor, answers, sent } = start();
    actor.send({ type: 'file.chosen', file: RECEIPT });
    answers[0]!.reject({ network: true });
    await waitFor(actor, (s) => s.matches('failed'));
    actor.send({ type: 'file.chosen', file: { ...RECEIPT, type: 'application/pdf' } });
    expect(actor.getSnapshot().value).toBe('rejected');
    expect(actor.getSnapshot().context.error).toEqual({ code: 'bad_type' });
    expect(sent).toHaveLength(1);
  });
});

describe('done', () => {
  it('replaces the receipt with another chosen file', () => {
    const { actor, sent } = start(true);
    actor.send({ type: 'file.chosen', file: RECEIPT });
    expect(actor.getSnapshot().value).toBe('uploading');
    expect(sent).toHaveLength(1);
  });

  it('refuses a wrong replacement and keeps the receipt the server holds', () => {
    const { actor, sent } = start(true);
    actor.send({ type: 'file.chosen', file: { ...RECEIPT, size: BILL_MAX_BYTES + 1 } });
    expect(actor.getSnapshot().value).toBe('rejected');
    expect(actor.getSnapshot().context).toMatchObject({ uploaded: true, error: { code: 'too_large' } });
    expect(sent).toHaveLength(0);
  });
});
