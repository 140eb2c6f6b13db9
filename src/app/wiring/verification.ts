// Card verification machines bound to the real API: the photo upload flow, the list of cards, adding a card.
import { fromCallback, fromPromise } from 'xstate';
import { addCardMachine } from '../../../machines/addCard.ts';
import type { PageQuery, PageResult } from '../../../machines/pagedList.ts';
import { verificationUploadMachine, type UploadInput, type VerificationUploadEvent } from '../../../machines/verificationUpload.ts';
import { errorBody } from '../../api/errors.ts';
import {
  confirmVerification,
  createVerification,
  deleteVerification,
  getVerification,
  getVerificationStatus,
  listVerifications,
  uploadVerificationImage,
} from '../../api/verification.ts';
import { UploadError } from '../../api/uploadWithProgress.ts';
import type { Verification } from '../../api/schemas/verification.ts';
import { withErrorBody } from '../../api/errors.ts';

const uploadImage = fromCallback<VerificationUploadEvent, UploadInput>(({ input, sendBack }) => {
  const upload = uploadVerificationImage(input.verificationId, input.file, (loaded, total) =>
    sendBack({ type: 'upload.progress', loaded, total }),
  );
  let stopped = false;
  upload.done.then(
    ({ images }) => sendBack({ type: 'upload.done', images }),
    async (error: unknown) => {
      if (stopped) return;
      const body = error instanceof UploadError ? error.body : await errorBody(error);
      sendBack({ type: 'upload.failed', error: body });
    },
  );
  // Leaving the uploading state (cancel) aborts the request.
  return () => {
    stopped = true;
    upload.abort();
  };
});

export const wiredVerificationUploadMachine = verificationUploadMachine.provide({
  actors: {
    loadVerification: fromPromise(({ input }) => withErrorBody(() => getVerification(input.uuid))),
    uploadImage,
    confirmVerification: fromPromise(({ input }) => withErrorBody(() => confirmVerification(input.verificationId))),
    fetchStatus: fromPromise(({ input }) => withErrorBody(() => getVerificationStatus(input.verificationId))),
    deleteVerification: fromPromise(({ input }) => withErrorBody(() => deleteVerification(input.verificationId))),
  },
});

export function fetchVerifications(query: PageQuery): Promise<PageResult<Verification>> {
  return listVerifications({ page: query.page, size: query.size });
}

export const wiredAddCardMachine = addCardMachine.provide({
  actors: { createVerification: fromPromise(({ input }) => withErrorBody(() => createVerification(input.card))) },
});
