import { describe, expect, it } from 'vitest';
import { fromCallback } from 'xstate';
import {
  billUploadMachine,
  type BillFile,
  type BillUploadEvent,
  type BillUploadRequest,
} from '../../machines/billUpload.ts';
import { MAX_IMAGE_BYTES } from '../../src/domain/imageFile.ts';
import { startMachine } from './harness.ts';

const RECEIPT: BillFile = { name: 'receipt.png', type: 'image/png', size: 120_000 };

/** One upload the test drives: reports go to the machine through `report`; `stopped` tells if it was aborted. */
interface Upload {
  input: BillUploadRequest;
  report: (event: BillUploadEvent) => void;
  stopped: boolean;
}

function start(uploaded = false) {
  const uploads: Upload[] = [];
  const machine = billUploadMachine.provide({
    actors: {
      uploadBill: fromCallback<BillUploadEvent, BillUploadRequest>(({ input, sendBack }) => {
        const upload: Upload = { input, report: sendBack, stopped: false };
        uploads.push(upload);
        return () => {
          upload.stopped = true;
        };
      }),
    },
  });
  const actor = startMachine(machine, { input: { uuid: 'claim-1', uploaded } });
  const sent = () => uploads.map((upload) => upload.input);
  return { actor, uploads, sent };
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

  it('checks and uploads a chosen image, from nothing sent', () => {
    const { actor, sent } = start();
    actor.send({ type: 'file.chosen', file: RECEIPT });
    expect(actor.getSnapshot().value).toBe('uploading');
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(actor.getSnapshot().context.progress).toEqual({ loaded: 0, total: RECEIPT.size });
    expect(sent()).toEqual([{ uuid: 'claim-1', file: RECEIPT }]);
  });
});

describe('file.chosen: the image-file rule', () => {
  it('rejects a file that is not an image', () => {
    const { actor, sent } = start();
    actor.send({ type: 'file.chosen', file: { name: 'receipt.exe', type: 'application/x-msdownload', size: 10 } });
    expect(actor.getSnapshot().value).toBe('rejected');
    expect(actor.getSnapshot().context.error).toEqual({ code: 'file_type' });
    expect(sent()).toHaveLength(0);
  });

  it('takes an image of exactly the size limit', () => {
    const { actor, sent } = start();
    actor.send({ type: 'file.chosen', file: { ...RECEIPT, size: MAX_IMAGE_BYTES } });
    expect(actor.getSnapshot().value).toBe('uploading');
    expect(sent()).toHaveLength(1);
  });

  it('rejects an image that is too large, and an empty one', () => {
    const { actor } = start();
    actor.send({ type: 'file.chosen', file: { ...RECEIPT, size: MAX_IMAGE_BYTES + 1 } });
    expect(actor.getSnapshot().context.error).toEqual({ code: 'file_too_large' });
    actor.send({ type: 'file.chosen', file: { ...RECEIPT, size: 0 } });
    expect(actor.getSnapshot().context.error).toEqual({ code: 'file_empty' });
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
    const large = { ...RECEIPT, name: 'large.png', size: MAX_IMAGE_BYTES + 1 };
    actor.send({ type: 'file.chosen', file: large });
    expect(actor.getSnapshot().value).toBe('rejected');
    expect(actor.getSnapshot().context).toMatchObject({ file: large, error: { code: 'file_too_large' } });
    expect(sent()).toHaveLength(0);
  });
});

describe('uploading', () => {
  it('ignores another file while one is being sent', () => {
    const { actor, sent } = start();
    actor.send({ type: 'file.chosen', file: RECEIPT });
    actor.send({ type: 'file.chosen', file: { ...RECEIPT, name: 'other.png' } });
    expect(sent()).toHaveLength(1);
  });

  it('follows the bytes sent', () => {
    const { actor, uploads } = start();
    actor.send({ type: 'file.chosen', file: RECEIPT });
    uploads[0]!.report({ type: 'upload.progress', loaded: 60_000, total: 120_400 });
    expect(actor.getSnapshot().value).toBe('uploading');
    expect(actor.getSnapshot().context.progress).toEqual({ loaded: 60_000, total: 120_400 });
  });

  it('ends in done when the server accepts the file', () => {
    const { actor, uploads } = start();
    actor.send({ type: 'file.chosen', file: RECEIPT });
    uploads[0]!.report({ type: 'upload.progress', loaded: 120_400, total: 120_400 });
    uploads[0]!.report({ type: 'upload.done' });
    expect(actor.getSnapshot().value).toBe('done');
    expect(actor.getSnapshot().context).toMatchObject({ uploaded: true, progress: null });
  });

  it('keeps the server message of a refused file', () => {
    const { actor, uploads } = start();
    actor.send({ type: 'file.chosen', file: RECEIPT });
    uploads[0]!.report({ type: 'upload.failed', failure: { message: 'The file is not an image.' } });
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context).toMatchObject({
      error: { code: 'server', message: 'The file is not an image.' },
      progress: null,
    });
  });

  it('names a network failure, or an unknown one', () => {
    const { actor, uploads } = start();
    actor.send({ type: 'file.chosen', file: RECEIPT });
    uploads[0]!.report({ type: 'upload.failed', failure: { network: true } });
    expect(actor.getSnapshot().context.error).toEqual({ code: 'network_error' });
    actor.send({ type: 'retry' });
    expect(actor.getSnapshot().context.error).toBeNull();
    uploads[1]!.report({ type: 'upload.failed', failure: {} });
    expect(actor.getSnapshot().context.error).toEqual({ code: 'unknown' });
  });

  it('cancels: the request is aborted and nothing is kept', () => {
    const { actor, uploads } = start();
    actor.send({ type: 'file.chosen', file: RECEIPT });
    uploads[0]!.report({ type: 'upload.progress', loaded: 30_000, total: 120_400 });
    actor.send({ type: 'cancel' });
    expect(uploads[0]!.stopped).toBe(true);
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context).toMatchObject({ file: null, progress: null, error: null, uploaded: false });
  });

  it('cancelling a replacement keeps the receipt the server holds', () => {
    const { actor, uploads } = start(true);
    actor.send({ type: 'file.chosen', file: RECEIPT });
    actor.send({ type: 'cancel' });
    expect(uploads[0]!.stopped).toBe(true);
    expect(actor.getSnapshot().value).toBe('done');
    expect(actor.getSnapshot().context.uploaded).toBe(true);
  });
});

describe('failed', () => {
  it('sends the same file again on retry, from nothing sent', () => {
    const { actor, uploads, sent } = start();
    actor.send({ type: 'file.chosen', file: RECEIPT });
    uploads[0]!.report({ type: 'upload.failed', failure: { network: true } });
    actor.send({ type: 'retry' });
    expect(sent().map((call) => call.file.name)).toEqual(['receipt.png', 'receipt.png']);
    expect(actor.getSnapshot().context.progress).toEqual({ loaded: 0, total: RECEIPT.size });
    uploads[1]!.report({ type: 'upload.done' });
    expect(actor.getSnapshot().value).toBe('done');
  });

  it('accepts another file instead', () => {
    const { actor, uploads, sent } = start();
    actor.send({ type: 'file.chosen', file: RECEIPT });
    uploads[0]!.report({ type: 'upload.failed', failure: { network: true } });
    actor.send({ type: 'file.chosen', file: { ...RECEIPT, name: 'second.jpg', type: 'image/jpeg' } });
    expect(sent().map((call) => call.file.name)).toEqual(['receipt.png', 'second.jpg']);
  });

  it('refuses a wrong file instead, without sending it', () => {
    const { actor, uploads, sent } = start();
    actor.send({ type: 'file.chosen', file: RECEIPT });
    uploads[0]!.report({ type: 'upload.failed', failure: { network: true } });
    actor.send({ type: 'file.chosen', file: { ...RECEIPT, type: 'application/pdf' } });
    expect(actor.getSnapshot().value).toBe('rejected');
    expect(actor.getSnapshot().context.error).toEqual({ code: 'file_type' });
    expect(sent()).toHaveLength(1);
  });
});

describe('done', () => {
  it('replaces the receipt with another chosen file', () => {
    const { actor, sent } = start(true);
    actor.send({ type: 'file.chosen', file: RECEIPT });
    expect(actor.getSnapshot().value).toBe('uploading');
    expect(sent()).toHaveLength(1);
  });

  it('refuses a wrong replacement and keeps the receipt the server holds', () => {
    const { actor, sent } = start(true);
    actor.send({ type: 'file.chosen', file: { ...RECEIPT, size: MAX_IMAGE_BYTES + 1 } });
    expect(actor.getSnapshot().value).toBe('rejected');
    expect(actor.getSnapshot().context).toMatchObject({ uploaded: true, error: { code: 'file_too_large' } });
    expect(sent()).toHaveLength(0);
  });
});
