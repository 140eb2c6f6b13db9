// Uploading the payment receipt of a claim: choose a file, check it here (the one image-file rule), send it with
// progress, cancel it while it goes, retry on failure.
import { assertEvent, assign, fromCallback, setup } from 'xstate';
import type { UploadProgress } from '../src/api/uploadWithProgress.ts';
import { imageFileProblem } from '../src/domain/imageFile.ts';
import type { FormError } from './formErrors.ts';

/** The parts of a browser File the checks read; the app passes the File itself. */
export interface BillFile {
  name: string;
  type: string;
  size: number;
}

/** How the app reports a failed upload: the server's message, or a network failure. */
export interface BillFailure {
  message?: string;
  network?: boolean;
}

export interface BillUploadInput {
  uuid: string;
  /** The server already holds a receipt for this claim. */
  uploaded: boolean;
}

export interface BillUploadContext {
  uuid: string;
  uploaded: boolean;
  file: BillFile | null;
  /** Bytes sent of the file being uploaded; null when none is. */
  progress: UploadProgress | null;
  /** Why the file was refused or not sent (the view words it as a form error that sends a file). */
  error: FormError | null;
}

/** What the upload actor reports while it sends the file. */
export type BillUploadReport =
  | { type: 'upload.progress'; loaded: number; total: number }
  | { type: 'upload.done' }
  | { type: 'upload.failed'; failure: BillFailure };

export type BillUploadEvent = { type: 'file.chosen'; file: BillFile } | { type: 'retry' } | { type: 'cancel' } | BillUploadReport;

export interface BillUploadRequest {
  uuid: string;
  file: BillFile;
}

/** Why a receipt cannot be sent, or null when it can. */
function problemOf(file: BillFile): FormError | null {
  const problem = imageFileProblem(file);
  return problem === null ? null : { code: problem };
}

function chosenFile(event: BillUploadEvent): BillFile {
  assertEvent(event, 'file.chosen');
  return event.file;
}

function failureOf(failure: BillFailure): FormError {
  if (failure.message) return { code: 'server', message: failure.message };
  return { code: failure.network ? 'network_error' : 'unknown' };
}

const billUploadSetup = setup({
  types: {
    context: {} as BillUploadContext,
    events: {} as BillUploadEvent,
    input: {} as BillUploadInput,
  },
  actors: {
    /**
     * POST /api/v1/claim/{uuid}/bill/ (multipart `file`), reporting upload.progress, then upload.done or
     * upload.failed; stopping it (leaving `uploading`) aborts the request.
     */
    uploadBill: fromCallback<BillUploadEvent, BillUploadRequest>(() => {
      throw new Error('billUpload: the app must provide "uploadBill"');
    }),
  },
  actions: {
    rememberFile: assign(({ event }) => ({ file: chosenFile(event), error: null })),
    rejectFile: assign(({ event }) => ({ error: problemOf(chosenFile(event)) })),
    startProgress: assign(({ context }) => ({ progress: { loaded: 0, total: (context.file as BillFile).size }, error: null })),
    storeProgress: assign(({ event }) => {
      assertEvent(event, 'upload.progress');
      return { progress: { loaded: event.loaded, total: event.total } };
    }),
    markUploaded: assign({ uploaded: true, progress: null }),
    showFailure: assign(({ event }) => {
      assertEvent(event, 'upload.failed');
      return { error: failureOf(event.failure), progress: null };
    }),
    /** A cancelled upload leaves nothing behind: no file, no progress, no error. */
    forgetFile: assign({ file: null, progress: null, error: null }),
  },
  guards: {
    alreadyUploaded: ({ context }) => context.uploaded,
    fileUnacceptable: ({ event }) => problemOf(chosenFile(event)) !== null,
  },
});

/** Choosing a file (not while one is uploading) checks it, then sends it. */
const chooseFile = [
  { guard: 'fileUnacceptable', target: 'rejected', actions: ['rememberFile', 'rejectFile'] },
  { target: 'uploading', actions: 'rememberFile' },
] as const;

export const billUploadMachine = billUploadSetup.createMachine({
  // Stryker disable next-line StringLiteral: the id names the machine in diagrams and the inspector; no state refers to it.
  id: 'billUpload',
  context: ({ input }) => ({ uuid: input.uuid, uploaded: input.uploaded, file: null, progress: null, error: null }),
  initial: 'idle',
  states: {
    /** Nothing chosen yet, or an upload was cancelled: the receipt the server holds (if any) stays. */
    idle: {
      always: { guard: 'alreadyUploaded', target: 'done' },
      on: { 'file.chosen': chooseFile },
    },
    /** The file failed a check: another one can be chosen. */
    rejected: {
      on: { 'file.chosen': chooseFile },
    },
    uploading: {
      tags: ['busy'],
      entry: 'startProgress',
      invoke: {
        src: 'uploadBill',
        input: ({ context }) => ({ uuid: context.uuid, file: context.file as BillFile }),
      },
      on: {
        'upload.progress': { actions: 'storeProgress' },
        'upload.done': { target: 'done', actions: 'markUploaded' },
        'upload.failed': { target: 'failed', actions: 'showFailure' },
        // Leaving the state stops the upload actor, which aborts the request.
        cancel: { target: 'idle', actions: 'forgetFile' },
      },
    },
    failed: {
      on: { retry: 'uploading', 'file.chosen': chooseFile },
    },
    /** Received; choosing another file replaces it. */
    done: {
      on: { 'file.chosen': chooseFile },
    },
  },
});

export type BillUploadMachine = typeof billUploadMachine;
