// The card verification machine bound to the real API (the page creates its actor from this).
import { fromCallback, fromPromise } from 'xstate';
import { verificationUploadMachine, type UploadInput, type VerificationUploadEvent } from '../../../machines/verificationUpload.ts';
import { errorBody } from '../../api/client.ts';
import {
  confirmVerification,
  deleteVerification,
  getVerification,
  getVerificationStatus,
  UploadError,
  uploadVerificationImage,
} from '../../api/verification.ts';

/** Machines expect failed calls to reject with the DRF error body. */
async function withErrorBody<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw await errorBody(error);
  }
}

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

export const liveVerificationUploadMachine = verificationUploadMachine.provide({
  actors: {
    loadVerification: fromPromise(({ input }) => withErrorBody(() => getVerification(input.uuid))),
    uploadImage,
    confirmVerification: fromPromise(({ input }) => withErrorBody(() => confirmVerification(input.verificationId))),
    fetchStatus: fromPromise(({ input }) => withErrorBody(() => getVerificationStatus(input.verificationId))),
    deleteVerification: fromPromise(({ input }) => withErrorBody(() => deleteVerification(input.verificationId))),
  },
});
