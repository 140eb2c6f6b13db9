// Uploading the payment receipt of a claim: choose a file, check its type and size here, send it, retry on failure.
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { ALLOWED_IMAGE_TYPES, MAX_IMAGE_BYTES } from '../src/api/schemas/verification.ts';

/** The parts of a browser File the checks read; the app passes the File itself. */
export interface BillFile {
  name: string;
  type: string;
  size: number;
}

export type BillError =
  | { code: 'bad_type' | 'too_large' | 'network_error' | 'unknown' }
  | { code: 'server'; message: string };

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
  error: BillError | null;
}

export type BillUploadEvent = { type: 'file.chosen'; file: BillFile } | { type: 'retry' };

export const BILL_TYPES: readonly string[] = ALLOWED_IMAGE_TYPES;
export const BILL_MAX_BYTES = MAX_IMAGE_BYTES;

/** Why a receipt cannot be sent (checked in this order), or null when it can. */
export function billProblemOf(file: BillFile): BillError | null {
  if (!BILL_TYPES.includes(file.type)) return { code: 'bad_type' };
  if (file.size > BILL_MAX_BYTES) return { code: 'too_large' };
  return null;
}

function chosenFile(event: BillUploadEvent): BillFile {
  assertEvent(event, 'file.chosen');
  return event.file;
}

function failureOf(error: unknown): BillError {
  // A thrown Error is a bug, not a message for the user.
  const failure = (error instanceof Error || !error ? {} : error) as BillFailure;
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
    /** POST /api/v1/claim/{uuid}/bill/ (multipart `file`); rejects with a BillFailure. */
    uploadBill: fromPromise<void, { uuid: string; file: BillFile }>(async () => {
      throw new Error('billUpload: the app must provide "uploadBill"');
    }),
  },
  actions: {
    rememberFile: assign(({ event }) => ({ file: chosenFile(event), error: null })),
    rejectFile: assign(({ event }) => ({ error: billProblemOf(chosenFile(event)) })),
    markUploaded: assign({ uploaded: true }),
    showFailure: assign((_, { error }: { error: unknown }) => ({ error: failureOf(error) })),
  },
  guards: {
    alreadyUploaded: ({ context }) => context.uploaded,
    fileUnacceptable: ({ event }) => billProblemOf(chosenFile(event)) !== null,
  },
});

/** Choosing a file (not while one is uploading) checks it, then sends it. */
const chooseFile = [
  { guard: 'fileUnacceptable', target: 'rejected', actions: ['rememberFile', 'rejectFile'] },
  { target: 'uploading', actions: 'rememberFile' },
] as const;

export const billUploadMachine = billUploadSetup.createMachine({
  id: 'billUpload',
  context: ({ input }) => ({ uuid: input.uuid, uploaded: input.uploaded, file: null, error: null }),
  initial: 'idle',
  states: {
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
      invoke: {
        src: 'uploadBill',
        input: ({ context }) => ({ uuid: context.uuid, file: context.file as BillFile }),
        onDone: { target: 'done', actions: 'markUploaded' },
        onError: { target: 'failed', actions: { type: 'showFailure', params: ({ event }) => ({ error: event.error }) } },
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
