import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fromCallback, fromPromise } from 'xstate';
import {
  MAX_POLL_ERRORS,
  verificationUploadMachine,
  type UploadInput,
  type VerificationUploadEvent,
} from '../../machines/verificationUpload.ts';
import type { Verification, VerificationStatusResponse } from '../../src/api/schemas/verification.ts';
import { IMAGE_FILE_PROBLEMS, MAX_IMAGE_BYTES } from '../../src/domain/imageFile.ts';
import { startMachine } from './harness.ts';

const POLL = 3000;

function verification(overrides: Partial<Verification> = {}): Verification {
  return {
    id: 12,
    uuid: '5f0c1d2e-0000-4000-8000-000000000012',
    card: '427600******0006',
    status: 'draft',
    reason: null,
    images: 0,
    createdAt: '2026-11-21T09:00:00Z',
    ...overrides,
  };
}

const png = () => new Blob([new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10])], { type: 'image/png' });

/** A fake upload the test drives by hand through `upload.send` / `upload.finish` / `upload.fail`. */
function manualUpload() {
  const state = {
    inputs: [] as UploadInput[],
    aborted: 0,
    sendBack: null as ((event: VerificationUploadEvent) => void) | null,
  };
  const actor = fromCallback<VerificationUploadEvent, UploadInput>(({ input, sendBack }) => {
    state.inputs.push(input);
    state.sendBack = sendBack;
    return () => {
      state.aborted += 1;
    };
  });
  return { state, actor };
}

interface Fakes {
  load?: () => Promise<Verification>;
  confirm?: () => Promise<unknown>;
  status?: () => Promise<VerificationStatusResponse>;
  remove?: () => Promise<unknown>;
}

/** Starts the machine with the fakes; the load is still running until the timers advance. */
function begin(fakes: Fakes = {}) {
  const upload = manualUpload();
  const calls = { load: 0, confirm: 0, status: 0, remove: 0 };
  /** What each actor was given, in order. */
  const inputs = { load: [] as unknown[], confirm: [] as unknown[], status: [] as unknown[], remove: [] as unknown[] };
  const machine = verificationUploadMachine.provide({
    actors: {
      loadVerification: fromPromise(async ({ input }) => {
        calls.load += 1;
        inputs.load.push(input);
        return (fakes.load ?? (async () => verification()))();
      }),
      uploadImage: upload.actor,
      confirmVerification: fromPromise(async ({ input }) => {
        calls.confirm += 1;
        inputs.confirm.push(input);
        return (fakes.confirm ?? (async () => ({})))();
      }),
      fetchStatus: fromPromise(async ({ input }) => {
        calls.status += 1;
        inputs.status.push(input);
        return (fakes.status ?? (async () => ({ status: 'pending' as const, reason: null })))();
      }),
      deleteVerification: fromPromise(async ({ input }) => {
        calls.remove += 1;
        inputs.remove.push(input);
        return (fakes.remove ?? (async () => undefined))();
      }),
    },
  });
  const actor = startMachine(machine, { input: { uuid: verification().uuid } });
  return { actor, upload, calls, inputs };
}

async function start(fakes: Fakes = {}) {
  const started = begin(fakes);
  await vi.advanceTimersByTimeAsync(0);
  return started;
}

type Started = Awaited<ReturnType<typeof start>>;

/** Chooses a valid file and lets the fake upload finish with `images` photos stored. */
async function uploadOne({ actor, upload }: Started, images = 1) {
  actor.send({ type: 'file.chosen', file: png() });
  upload.state.sendBack!({ type: 'upload.done', images });
  await vi.advanceTimersByTimeAsync(0);
}

async function confirmed(fakes: Fakes = {}) {
  const started = await start(fakes);
  await uploadOne(started);
  started.actor.send({ type: 'confirm' });
  await vi.advanceTimersByTimeAsync(0);
  return started;
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('loading', () => {
  it('starts busy loading, with nothing known yet', () => {
    const { actor } = begin();
    expect(actor.getSnapshot().value).toBe('loading');
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(actor.getSnapshot().context).toEqual({
      uuid: verification().uuid,
      verification: null,
      status: null,
      reason: null,
      images: 0,
      file: null,
      progress: null,
      fileError: null,
      error: null,
      pollErrors: 0,
    });
  });

  it('loads by uuid and shows the chooser for a draft', async () => {
    const { actor, calls, inputs } = await start();
    expect(calls.load).toBe(1);
    expect(inputs.load).toEqual([{ uuid: verification().uuid }]);
    expect(actor.getSnapshot().hasTag('busy')).toBe(false);
    expect(actor.getSnapshot().value).toBe('choosing');
    expect(actor.getSnapshot().context.verification?.id).toBe(12);
  });

  it('fails with the server message', async () => {
    const { actor } = await start({
      load: async () => {
        throw { detail: 'Not found.', code: 'http_404' };
      },
    });
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.error).toEqual({ code: 'server', message: 'Not found.' });
  });

  it('names the missing verification when a 404 carries no message', async () => {
    const { actor } = await start({
      load: async () => {
        throw { code: 'http_404' };
      },
    });
    expect(actor.getSnapshot().context.error).toEqual({ code: 'verification_not_found' });
  });

  it('fails with an unknown error when another failure carries no message', async () => {
    const { actor } = await start({
      load: async () => {
        throw { code: 'http_500' };
      },
    });
    expect(actor.getSnapshot().context.error).toEqual({ code: 'unknown' });
  });
});

describe('routing', () => {
  it('opens an approved verification as approved', async () => {
    const { actor } = await start({ load: async () => verification({ status: 'approved' }) });
    expect(actor.getSnapshot().value).toBe('approved');
  });

  it('opens a rejected verification with its reason', async () => {
    const { actor } = await start({ load: async () => verification({ status: 'rejected', reason: 'Blurry photo' }) });
    expect(actor.getSnapshot().value).toBe('rejected');
    expect(actor.getSnapshot().context.reason).toBe('Blurry photo');
  });

  it('opens a verification under review as pending', async () => {
    const { actor } = await start({ load: async () => verification({ status: 'pending', images: 1 }) });
    expect(actor.getSnapshot().matches({ pending: 'waiting' })).toBe(true);
  });
});

describe('choosing', () => {
  it('refuses a file that is not a JPEG, PNG or WebP before any upload', async () => {
    const { actor, upload } = await start();
    actor.send({ type: 'file.chosen', file: new Blob(['%PDF'], { type: 'application/pdf' }) });
    expect(actor.getSnapshot().value).toBe('invalidFile');
    expect(actor.getSnapshot().context.fileError).toEqual({ code: IMAGE_FILE_PROBLEMS.type });
    expect(upload.state.inputs).toHaveLength(0);
  });

  it('refuses an empty file', async () => {
    const { actor } = await start();
    actor.send({ type: 'file.chosen', file: new Blob([], { type: 'image/jpeg' }) });
    expect(actor.getSnapshot().context.fileError).toEqual({ code: IMAGE_FILE_PROBLEMS.empty });
  });

  it('refuses a file larger than the limit', async () => {
    const { actor } = await start();
    actor.send({ type: 'file.chosen', file: new Blob([new Uint8Array(MAX_IMAGE_BYTES + 1)], { type: 'image/webp' }) });
    expect(actor.getSnapshot().context.fileError).toEqual({ code: IMAGE_FILE_PROBLEMS.tooLarge });
  });

  it('takes a file of exactly the limit', async () => {
    const { actor } = await start();
    actor.send({ type: 'file.chosen', file: new Blob([new Uint8Array(MAX_IMAGE_BYTES)], { type: 'image/jpeg' }) });
    expect(actor.getSnapshot().value).toBe('uploading');
    expect(actor.getSnapshot().context.fileError).toBeNull();
  });

  it('uploads a valid photo of the loaded verification', async () => {
    const { actor, upload } = await start();
    const file = png();
    actor.send({ type: 'file.chosen', file });
    expect(actor.getSnapshot().value).toBe('uploading');
    expect(upload.state.inputs).toEqual([{ verificationId: 12, file }]);
    expect(actor.getSnapshot().context.progress).toEqual({ loaded: 0, total: file.size });
  });

  it('cannot confirm before a photo is stored', async () => {
    const { actor, calls } = await start();
    actor.send({ type: 'confirm' });
    expect(actor.getSnapshot().value).toBe('choosing');
    expect(calls.confirm).toBe(0);
  });

  it('confirms once a photo is stored', async () => {
    const started = await start();
    await uploadOne(started);
    started.actor.send({ type: 'confirm' });
    expect(started.actor.getSnapshot().value).toBe('confirming');
    expect(started.actor.getSnapshot().hasTag('busy')).toBe(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(started.inputs.confirm).toEqual([{ verificationId: 12 }]);
  });

  it('asks before deleting the verification', async () => {
    const { actor, calls } = await start();
    actor.send({ type: 'delete' });
    expect(actor.getSnapshot().value).toBe('deleteAsked');
    expect(calls.remove).toBe(0);
  });
});

describe('invalidFile', () => {
  async function refused() {
    const started = await start({ load: async () => verification({ images: 2 }) });
    started.actor.send({ type: 'file.chosen', file: new Blob(['x'], { type: 'image/gif' }) });
    return started;
  }

  it('refuses another wrong type', async () => {
    const { actor } = await refused();
    actor.send({ type: 'file.chosen', file: new Blob(['x'], { type: 'text/plain' }) });
    expect(actor.getSnapshot().value).toBe('invalidFile');
    expect(actor.getSnapshot().context.fileError).toEqual({ code: IMAGE_FILE_PROBLEMS.type });
  });

  it('refuses an empty file next', async () => {
    const { actor } = await refused();
    actor.send({ type: 'file.chosen', file: new Blob([], { type: 'image/png' }) });
    expect(actor.getSnapshot().context.fileError).toEqual({ code: IMAGE_FILE_PROBLEMS.empty });
  });

  it('refuses a too large file next', async () => {
    const { actor } = await refused();
    actor.send({ type: 'file.chosen', file: new Blob([new Uint8Array(MAX_IMAGE_BYTES + 1)], { type: 'image/png' }) });
    expect(actor.getSnapshot().context.fileError).toEqual({ code: IMAGE_FILE_PROBLEMS.tooLarge });
  });

  it('uploads a valid file and forgets the refusal', async () => {
    const { actor, upload } = await refused();
    const file = png();
    actor.send({ type: 'file.chosen', file });
    expect(actor.getSnapshot().value).toBe('uploading');
    expect(actor.getSnapshot().context).toMatchObject({ fileError: null, file, progress: { loaded: 0, total: file.size } });
    expect(upload.state.inputs).toEqual([{ verificationId: 12, file }]);
  });

  it('cannot confirm when no photo is stored', async () => {
    const { actor, calls } = await start();
    actor.send({ type: 'file.chosen', file: new Blob(['x'], { type: 'image/gif' }) });
    actor.send({ type: 'confirm' });
    expect(actor.getSnapshot().value).toBe('invalidFile');
    expect(actor.getSnapshot().context.fileError).toEqual({ code: IMAGE_FILE_PROBLEMS.type });
    expect(calls.confirm).toBe(0);
  });

  it('can still confirm the photos stored before', async () => {
    const { actor } = await refused();
    actor.send({ type: 'confirm' });
    expect(actor.getSnapshot().value).toBe('confirming');
    expect(actor.getSnapshot().context.fileError).toBeNull();
  });

  it('can ask to delete the verification, and forgets the refusal when kept', async () => {
    const { actor } = await refused();
    actor.send({ type: 'delete' });
    expect(actor.getSnapshot().value).toBe('deleteAsked');
    actor.send({ type: 'delete.cancel' });
    expect(actor.getSnapshot().value).toBe('choosing');
    expect(actor.getSnapshot().context.fileError).toBeNull();
  });
});

describe('uploading', () => {
  it('reports the progress the upload actor sends', async () => {
    const { actor, upload } = await start();
    actor.send({ type: 'file.chosen', file: png() });
    upload.state.sendBack!({ type: 'upload.progress', loaded: 4, total: 8 });
    expect(actor.getSnapshot().context.progress).toEqual({ loaded: 4, total: 8 });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
  });

  it('goes back to choosing with the stored photo count when done', async () => {
    const started = await start();
    await uploadOne(started, 2);
    expect(started.actor.getSnapshot().value).toBe('choosing');
    expect(started.actor.getSnapshot().context).toMatchObject({ images: 2, file: null, progress: null });
  });

  it("keeps the picker with the server's reason when the server refuses the photo itself", async () => {
    const { actor, upload } = await start();
    actor.send({ type: 'file.chosen', file: png() });
    upload.state.sendBack!({ type: 'upload.failed', error: { file: ['Upload a JPEG, PNG or WebP photo.'] } });
    expect(actor.getSnapshot().value).toBe('invalidFile');
    expect(actor.getSnapshot().context).toMatchObject({
      fileError: { code: 'server', message: 'Upload a JPEG, PNG or WebP photo.' },
      error: null,
      file: null,
      progress: null,
    });
    // Another photo may be chosen at once, and the refusal is forgotten on the way.
    actor.send({ type: 'file.chosen', file: png() });
    expect(actor.getSnapshot().value).toBe('uploading');
    expect(actor.getSnapshot().context.fileError).toBeNull();
  });

  it('fails with the server message', async () => {
    const { actor, upload } = await start();
    actor.send({ type: 'file.chosen', file: png() });
    upload.state.sendBack!({ type: 'upload.failed', error: { detail: 'Unsupported image', code: 'invalid_image' } });
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context).toMatchObject({ file: null, progress: null });
    expect(actor.getSnapshot().context.error).toEqual({ code: 'server', message: 'Unsupported image' });
  });

  it('aborts the upload on cancel', async () => {
    const { actor, upload } = await start();
    actor.send({ type: 'file.chosen', file: png() });
    actor.send({ type: 'cancel' });
    expect(actor.getSnapshot().value).toBe('choosing');
    expect(upload.state.aborted).toBe(1);
    expect(actor.getSnapshot().context.file).toBeNull();
  });
});

describe('confirming', () => {
  it('waits for the operator once confirmed', async () => {
    const { actor, calls } = await confirmed();
    expect(calls.confirm).toBe(1);
    expect(actor.getSnapshot().matches({ pending: 'waiting' })).toBe(true);
    expect(actor.getSnapshot().context.status).toBe('pending');
  });

  it('fails when the server refuses', async () => {
    const { actor } = await confirmed({
      confirm: async () => {
        throw { verification: ['No photos'] };
      },
    });
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.error).toEqual({ code: 'server', message: 'No photos' });
  });
});

describe('pending', () => {
  it('checks the status every statusPoll and keeps waiting while pending', async () => {
    const { actor, calls, inputs } = await confirmed();
    await vi.advanceTimersByTimeAsync(POLL - 1);
    expect(calls.status).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls.status).toBe(1);
    expect(inputs.status).toEqual([{ verificationId: 12 }]);
    expect(actor.getSnapshot().matches({ pending: 'waiting' })).toBe(true);
    await vi.advanceTimersByTimeAsync(POLL);
    expect(calls.status).toBe(2);
  });

  it('ends approved', async () => {
    const { actor } = await confirmed({ status: async () => ({ status: 'approved', reason: null }) });
    await vi.advanceTimersByTimeAsync(POLL);
    expect(actor.getSnapshot().value).toBe('approved');
  });

  it('ends rejected with the reason', async () => {
    const { actor } = await confirmed({ status: async () => ({ status: 'rejected', reason: 'Digits not covered' }) });
    await vi.advanceTimersByTimeAsync(POLL);
    expect(actor.getSnapshot().value).toBe('rejected');
    expect(actor.getSnapshot().context.reason).toBe('Digits not covered');
  });

  it('goes back to choosing when the operator returns it to draft', async () => {
    const { actor } = await confirmed({ status: async () => ({ status: 'draft', reason: null }) });
    await vi.advanceTimersByTimeAsync(POLL);
    expect(actor.getSnapshot().value).toBe('choosing');
  });

  it('tolerates a failed check and keeps polling', async () => {
    let failures = 1;
    const { actor, calls } = await confirmed({
      status: async () => {
        if (failures-- > 0) throw { code: 'network_error' };
        return { status: 'approved', reason: null };
      },
    });
    await vi.advanceTimersByTimeAsync(POLL);
    expect(actor.getSnapshot().matches({ pending: 'waiting' })).toBe(true);
    expect(actor.getSnapshot().context.pollErrors).toBe(1);
    await vi.advanceTimersByTimeAsync(POLL);
    expect(calls.status).toBe(2);
    expect(actor.getSnapshot().value).toBe('approved');
  });

  it('counts only failures in a row: an answer starts the count again', async () => {
    const answers = ['fail', 'fail', 'pending', 'fail', 'fail'];
    const { actor, calls } = await confirmed({
      status: async () => {
        if (answers.shift() === 'fail') throw { code: 'network_error' };
        return { status: 'pending', reason: null };
      },
    });
    await vi.advanceTimersByTimeAsync(POLL * 3);
    expect(actor.getSnapshot().context.pollErrors).toBe(0);
    await vi.advanceTimersByTimeAsync(POLL * 2);
    expect(calls.status).toBe(5);
    expect(actor.getSnapshot().matches({ pending: 'waiting' })).toBe(true);
    expect(actor.getSnapshot().context.pollErrors).toBe(MAX_POLL_ERRORS - 1);
  });

  it('a retry after giving up starts the count again', async () => {
    const { actor } = await confirmed({
      status: async () => {
        throw { code: 'network_error' };
      },
    });
    await vi.advanceTimersByTimeAsync(POLL * MAX_POLL_ERRORS);
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.pollErrors).toBe(MAX_POLL_ERRORS - 1);
    actor.send({ type: 'retry' });
    expect(actor.getSnapshot().context.pollErrors).toBe(0);
  });

  it(`gives up after ${MAX_POLL_ERRORS} failed checks in a row`, async () => {
    const { actor } = await confirmed({
      status: async () => {
        throw { code: 'network_error' };
      },
    });
    await vi.advanceTimersByTimeAsync(POLL * MAX_POLL_ERRORS);
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.error).toEqual({ code: 'network_error' });
  });
});

describe('approved', () => {
  it('can ask to delete the approved card', async () => {
    const { actor } = await start({ load: async () => verification({ status: 'approved' }) });
    actor.send({ type: 'delete' });
    expect(actor.getSnapshot().value).toBe('deleteAsked');
  });
});

describe('rejected', () => {
  it('tries again from choosing with no photos, as a draft', async () => {
    const { actor } = await start({ load: async () => verification({ status: 'rejected', reason: 'Blurry', images: 1 }) });
    actor.send({ type: 'retry' });
    expect(actor.getSnapshot().value).toBe('choosing');
    expect(actor.getSnapshot().context).toMatchObject({ images: 0, status: 'draft' });
  });

  it('can ask to delete', async () => {
    const { actor } = await start({ load: async () => verification({ status: 'rejected', reason: 'Blurry' }) });
    actor.send({ type: 'delete' });
    expect(actor.getSnapshot().value).toBe('deleteAsked');
  });
});

describe('deleteAsked', () => {
  it('deletes once confirmed', async () => {
    const { actor, calls, inputs } = await start();
    actor.send({ type: 'delete' });
    actor.send({ type: 'delete.confirm' });
    expect(actor.getSnapshot().value).toBe('deleting');
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.remove).toBe(1);
    expect(inputs.remove).toEqual([{ verificationId: 12 }]);
  });

  it('goes back where the status says when cancelled', async () => {
    const { actor, calls } = await start({ load: async () => verification({ status: 'rejected', reason: 'Blurry' }) });
    actor.send({ type: 'delete' });
    actor.send({ type: 'delete.cancel' });
    expect(actor.getSnapshot().value).toBe('rejected');
    expect(calls.remove).toBe(0);
  });
});

describe('deleting', () => {
  it('ends deleted', async () => {
    const { actor } = await start();
    actor.send({ type: 'delete' });
    actor.send({ type: 'delete.confirm' });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('deleted');
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('fails when the server refuses', async () => {
    const { actor } = await start({
      remove: async () => {
        throw { detail: 'Cannot delete', code: 'http_409' };
      },
    });
    actor.send({ type: 'delete' });
    actor.send({ type: 'delete.confirm' });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.error).toEqual({ code: 'server', message: 'Cannot delete' });
  });
});

describe('failed', () => {
  it('reloads the verification on retry', async () => {
    let attempt = 0;
    const { actor, calls } = await start({
      load: async () => {
        attempt += 1;
        if (attempt === 1) throw { code: 'network_error' };
        return verification({ images: 1 });
      },
    });
    expect(actor.getSnapshot().value).toBe('failed');
    actor.send({ type: 'retry' });
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.load).toBe(2);
    expect(actor.getSnapshot().value).toBe('choosing');
    expect(actor.getSnapshot().context.error).toBeNull();
  });
});
