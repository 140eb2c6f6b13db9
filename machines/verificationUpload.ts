// Card verification by photo: load the verification, choose a photo (type and size checked here before any
// upload), upload it with progress, confirm, then poll the status until an operator approves or rejects it.
// A photo the server refuses (its `file` field error) keeps the picker with the reason, like one refused here.
// A rejected verification can be tried again; a verification can be deleted (after a confirmation); any failed
// call can be retried.
import { assertEvent, assign, fromCallback, fromPromise, setup } from 'xstate';
import { failureCodeOf, firstMessage, generalError } from '../src/api/errors.ts';
import type { ErrorBody } from '../src/api/schemas/common.ts';
import type { Verification, VerificationStatus, VerificationStatusResponse } from '../src/api/schemas/verification.ts';
import type { UploadProgress } from '../src/api/uploadWithProgress.ts';
import { imageFileProblem } from '../src/domain/imageFile.ts';
import type { FormError } from './formErrors.ts';

/** Consecutive failed status checks tolerated before the flow gives up and offers a retry. */
export const MAX_POLL_ERRORS = 3;

export interface VerificationUploadInput {
  uuid: string;
}

export interface VerificationUploadContext {
  uuid: string;
  verification: Verification | null;
  status: VerificationStatus | null;
  reason: string | null;
  /** Photos already stored for this verification. */
  images: number;
  file: Blob | null;
  progress: UploadProgress | null;
  /** Why the last chosen file was refused before any upload. */
  fileError: FormError | null;
  /** Why the last call failed. */
  error: FormError | null;
  pollErrors: number;
}

export interface UploadInput {
  verificationId: number;
  file: Blob;
}

/** What the upload actor reports to the machine. */
export type UploadReport =
  | { type: 'upload.progress'; loaded: number; total: number }
  | { type: 'upload.done'; images: number }
  | { type: 'upload.failed'; error: ErrorBody };

export type VerificationUploadEvent =
  | { type: 'file.chosen'; file: Blob }
  | { type: 'cancel' }
  | { type: 'confirm' }
  | { type: 'delete' }
  | { type: 'delete.confirm' }
  | { type: 'delete.cancel' }
  | { type: 'retry' }
  | UploadReport;

/** The server's message (its `detail`, else a field's: `{file: ["..."]}`); a 404 without one names the verification. */
function callError(body: unknown): FormError {
  const error = generalError(body);
  return error.code === 'unknown' && failureCodeOf(body) === 'http_404' ? { code: 'verification_not_found' } : error;
}

/** The server's reason for refusing the photo itself (its `file` field), or null when the call failed otherwise. */
function refusedFileReason(event: VerificationUploadEvent): string | null {
  assertEvent(event, 'upload.failed');
  return firstMessage(event.error.file);
}

function chosenFile(event: VerificationUploadEvent): Blob {
  assertEvent(event, 'file.chosen');
  return event.file;
}

/** Why the chosen file cannot be sent (the one image-file rule), or null when it can. */
function fileError(event: VerificationUploadEvent): FormError | null {
  const problem = imageFileProblem(chosenFile(event));
  return problem === null ? null : { code: problem };
}

export const verificationUploadMachine = setup({
  types: {
    context: {} as VerificationUploadContext,
    events: {} as VerificationUploadEvent,
    input: {} as VerificationUploadInput,
  },
  actors: {
    // All provided by the app (src/wiring/verification.ts); each rejects with the error body.
    loadVerification: fromPromise<Verification, { uuid: string }>(async () => {
      throw new Error('loadVerification is provided by the app');
    }),
    uploadImage: fromCallback<VerificationUploadEvent, UploadInput>(() => {
      throw new Error('uploadImage is provided by the app');
    }),
    confirmVerification: fromPromise<unknown, { verificationId: number }>(async () => {
      throw new Error('confirmVerification is provided by the app');
    }),
    fetchStatus: fromPromise<VerificationStatusResponse, { verificationId: number }>(async () => {
      throw new Error('fetchStatus is provided by the app');
    }),
    deleteVerification: fromPromise<unknown, { verificationId: number }>(async () => {
      throw new Error('deleteVerification is provided by the app');
    }),
  },
  delays: {
    statusPoll: 3000,
  },
  guards: {
    fileUnacceptable: ({ event }) => fileError(event) !== null,
    serverRefusedFile: ({ event }) => refusedFileReason(event) !== null,
    hasImages: ({ context }) => context.images > 0,
    isApproved: ({ context }) => context.status === 'approved',
    isRejected: ({ context }) => context.status === 'rejected',
    isPending: ({ context }) => context.status === 'pending',
    pollGaveUp: ({ context }) => context.pollErrors + 1 >= MAX_POLL_ERRORS,
  },
  actions: {
    rejectFile: assign(({ event }) => ({ fileError: fileError(event) })),
    rejectUploadedFile: assign(({ event }) => ({ fileError: { code: 'server' as const, message: refusedFileReason(event)! } })),
    clearFileError: assign({ fileError: null }),
    storeVerification: assign((_, verification: Verification) => ({
      verification,
      status: verification.status,
      reason: verification.reason,
      images: verification.images,
      error: null,
    })),
    showCallError: assign((_, { error }: { error: unknown }) => ({ error: callError(error) })),
    storeProgress: assign(({ event }) => {
      assertEvent(event, 'upload.progress');
      return { progress: { loaded: event.loaded, total: event.total } };
    }),
    storeUploadedCount: assign(({ event }) => {
      assertEvent(event, 'upload.done');
      return { images: event.images };
    }),
    dropFile: assign({ file: null, progress: null }),
    markPending: assign({ status: 'pending' as const, pollErrors: 0 }),
    storeStatus: assign((_, answer: VerificationStatusResponse) => ({ status: answer.status, reason: answer.reason, pollErrors: 0 })),
    countPollError: assign(({ context }) => ({ pollErrors: context.pollErrors + 1 })),
    resetPollErrors: assign({ pollErrors: 0 }),
    /** A new photo for the same card: the server reopens the verification on the next upload. */
    startOver: assign({ images: 0, status: 'draft' as const }),
    takeFile: assign({
      file: ({ event }) => chosenFile(event),
      progress: ({ event }) => ({ loaded: 0, total: chosenFile(event).size }),
    }),
  },
}).createMachine({
  id: 'verificationUpload',
  context: ({ input }) => ({
    uuid: input.uuid,
    verification: null,
    status: null,
    reason: null,
    images: 0,
    file: null,
    progress: null,
    fileError: null,
    error: null,
    pollErrors: 0,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        src: 'loadVerification',
        input: ({ context }) => ({ uuid: context.uuid }),
        onDone: {
          target: 'routing',
          actions: { type: 'storeVerification', params: ({ event }) => event.output },
        },
        onError: { target: 'failed', actions: { type: 'showCallError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    /** Goes where the verification's status says. */
    routing: {
      always: [
        { guard: 'isApproved', target: 'approved' },
        { guard: 'isRejected', target: 'rejected' },
        { guard: 'isPending', target: 'pending' },
        { target: 'choosing' },
      ],
    },
    choosing: {
      on: {
        'file.chosen': [{ guard: 'fileUnacceptable', target: 'invalidFile', actions: 'rejectFile' }, { target: 'uploading', actions: 'takeFile' }],
        confirm: { guard: 'hasImages', target: 'confirming' },
        delete: { target: 'deleteAsked' },
      },
    },
    /** Like choosing, with the reason the last file was refused; the reason is forgotten on the way out. */
    invalidFile: {
      exit: 'clearFileError',
      on: {
        'file.chosen': [{ guard: 'fileUnacceptable', actions: 'rejectFile' }, { target: 'uploading', actions: 'takeFile' }],
        confirm: { guard: 'hasImages', target: 'confirming' },
        delete: { target: 'deleteAsked' },
      },
    },
    uploading: {
      tags: ['busy'],
      invoke: {
        src: 'uploadImage',
        input: ({ context }) => ({ verificationId: context.verification!.id, file: context.file! }),
      },
      on: {
        'upload.progress': { actions: 'storeProgress' },
        'upload.done': { target: 'choosing', actions: ['storeUploadedCount', 'dropFile'] },
        'upload.failed': [
          // The photo itself was refused: the page stays, the reason beside the picker, another photo may be chosen.
          { guard: 'serverRefusedFile', target: 'invalidFile', actions: ['rejectUploadedFile', 'dropFile'] },
          { target: 'failed', actions: [{ type: 'showCallError', params: ({ event }) => ({ error: event.error }) }, 'dropFile'] },
        ],
        // Leaving the state stops the upload actor, which aborts the request.
        cancel: { target: 'choosing', actions: 'dropFile' },
      },
    },
    confirming: {
      tags: ['busy'],
      invoke: {
        src: 'confirmVerification',
        input: ({ context }) => ({ verificationId: context.verification!.id }),
        onDone: { target: 'pending', actions: 'markPending' },
        onError: { target: 'failed', actions: { type: 'showCallError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    /** Waiting for an operator: the status is checked every `statusPoll`. */
    pending: {
      initial: 'waiting',
      states: {
        waiting: {
          after: { statusPoll: { target: 'checking' } },
        },
        checking: {
          invoke: {
            src: 'fetchStatus',
            input: ({ context }) => ({ verificationId: context.verification!.id }),
            onDone: {
              target: '#verificationUpload.routing',
              actions: { type: 'storeStatus', params: ({ event }) => event.output },
            },
            onError: [
              {
                guard: 'pollGaveUp',
                target: '#verificationUpload.failed',
                actions: { type: 'showCallError', params: ({ event }) => ({ error: event.error }) },
              },
              { target: 'waiting', actions: 'countPollError' },
            ],
          },
        },
      },
    },
    approved: {
      on: { delete: { target: 'deleteAsked' } },
    },
    rejected: {
      on: {
        retry: { target: 'choosing', actions: 'startOver' },
        delete: { target: 'deleteAsked' },
      },
    },
    /** Deleting removes the photos too: the user confirms first; cancelling goes back where the status says. */
    deleteAsked: {
      on: {
        'delete.confirm': { target: 'deleting' },
        'delete.cancel': { target: 'routing' },
      },
    },
    deleting: {
      tags: ['busy'],
      invoke: {
        src: 'deleteVerification',
        input: ({ context }) => ({ verificationId: context.verification!.id }),
        onDone: { target: 'deleted' },
        onError: { target: 'failed', actions: { type: 'showCallError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    deleted: { type: 'final' },
    failed: {
      on: {
        retry: { target: 'loading', actions: 'resetPollErrors' },
      },
    },
  },
});
