// Card verification machines bound to the real API: the photo upload flow, the list of cards, adding a card.
import { fromCallback, fromPromise } from 'xstate';
import { addCardMachine } from '../../machines/addCard.ts';
import type { PageQuery, PageResult } from '../../machines/pagedList.ts';
import { verificationUploadMachine, type UploadInput, type VerificationUploadEvent } from '../../machines/verificationUpload.ts';
import { errorBody } from '../api/errors.ts';
import { UploadError } from '../api/uploadWithProgress.ts';
import type { Verification } from '../api/schemas/verification.ts';
import { withErrorBody } from '../api/errors.ts';

// The call module (and the zod schemas it parses with) is imported on the first call.
const verificationCalls = () => import('../api/verification.ts');

const uploadImage = fromCallback<VerificationUploadEvent, UploadInput>(({ input, sendBack }) => {
  let stopped = false;
  let abort = () => {};
  const fail = async (error: unknown) => {
    if (stopped) return;
    const body = error instanceof UploadError ? error.body : await errorBody(error);
    sendBack({ type: 'upload.failed', error: body });
  };
  verificationCalls().then(({ uploadVerificationImage }) => {
    if (stopped) return;
    const upload = uploadVerificationImage(input.verificationId, input.file, (loaded, total) =>
      sendBack({ type: 'upload.progress', loaded, total }),
    );
    abort = () => upload.abort();
    upload.done.then(({ images }) => sendBack({ type: 'upload.done', images }), fail);
  }, fail);
  // Leaving the uploading state (cancel) aborts the request.
  return () => {
    stopped = true;
    abort();
  };
});

export const wiredVerificationUploadMachine = verificationUploadMachine.provide({
  actors: {
    loadVerification: fromPromise(async ({ input }) => {
      const { getVerification } = await verificationCalls();
      return withErrorBody(() => getVerification(input.uuid));
    }),
    uploadImage,
    confirmVerification: fromPromise(async ({ input }) => {
      const { confirmVerification } = await verificationCalls();
      return withErrorBody(() => confirmVerification(input.verificationId));
    }),
    fetchStatus: fromPromise(async ({ input }) => {
      const { getVerificationStatus } = await verificationCalls();
      return withErrorBody(() => getVerificationStatus(input.verificationId));
    }),
    deleteVerification: fromPromise(async ({ input }) => {
      const { deleteVerification } = await verificationCalls();
      return withErrorBody(() => deleteVerification(input.verificationId));
    }),
  },
});

export async function fetchVerifications(query: PageQuery): Promise<PageResult<Verification>> {
  return (await verificationCalls()).listVerifications({ page: query.page, size: query.size });
}

export const wiredAddCardMachine = addCardMachine.provide({
  actors: {
    createVerification: fromPromise(async ({ input }) => {
      const { createVerification } = await verificationCalls();
      return withErrorBody(() => createVerification(input.card));
    }),
  },
});
