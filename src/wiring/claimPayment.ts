// The claim payment machine (and its receipt upload child) bound to the real claim calls. The call module (and
// the zod schemas it parses with) is imported on the first call: a server-rendered claim page hydrates without it.
import { HTTPError } from 'ky';
import { fromCallback, fromPromise, waitFor } from 'xstate';
import {
  billUploadMachine,
  type BillFailure,
  type BillUploadEvent,
  type BillUploadRequest,
} from '../../machines/billUpload.ts';
import { claimPaymentMachine, type ClaimCallFailure, type LoadedClaim } from '../../machines/claimPayment.ts';
import { liveFeedMachine, type LiveStreamEvent } from '../../machines/liveFeed.ts';
import { claimEventsUrl, openEventStream } from '../api/eventStream.ts';
import { errorBody, generalMessage } from '../api/errors.ts';
import { UploadError } from '../api/uploadWithProgress.ts';
import { hasSessionCookie } from '../api/sessionCookie.ts';

const claimCalls = () => import('../api/claim.ts');

/** A network failure, a timeout, a 5xx or a 429 is worth retrying; a 4xx answer is final. */
async function callFailure(error: unknown): Promise<ClaimCallFailure> {
  if (!(error instanceof HTTPError)) return { retryable: true };
  const status = error.response.status;
  if (status === 404) return { retryable: false, notFound: true };
  if (status >= 500 || status === 429 || status === 408) return { retryable: true };
  return { retryable: false, message: generalMessage(await errorBody(error)) ?? undefined };
}

/**
 * A signed-in owner sees the claim in full and alone may change it: with a session cookie, the claim calls wait
 * until the session is restored so they carry the access token.
 */
async function sessionSettled(): Promise<void> {
  if (!hasSessionCookie()) return;
  const { appSessionActor } = await import('./session.ts');
  await waitFor(appSessionActor(), (s) => !s.hasTag('loading') && !s.matches('refreshing'), { timeout: 10_000 }).catch(
    () => undefined,
  );
}

async function asClaimCall<T>(call: () => Promise<T>): Promise<T> {
  try {
    await sessionSettled();
    return await call();
  } catch (error) {
    throw await callFailure(error);
  }
}

async function loadClaim(uuid: string): Promise<LoadedClaim> {
  const { fetchClaimForm, fetchClaimRequisite, fetchClaimStatus } = await claimCalls();
  const [form, status] = await Promise.all([fetchClaimForm(uuid), fetchClaimStatus(uuid)]);
  // Where to pay is asked while the claim can be paid and once payment is reported (the client may check it).
  const payable = status.status === 'new' || status.status === 'awaiting_payment' || status.status === 'paid';
  const requisite = payable ? await fetchClaimRequisite(uuid) : null;
  return { form, requisite, status };
}

/** An upload's rejection as the receipt machine reads it: the server's message, else a network failure. */
function billFailure(error: unknown): BillFailure {
  if (!(error instanceof UploadError) || error.status === 0) return { network: true };
  return { message: generalMessage(error.body) ?? undefined };
}

const sendBill = fromCallback<BillUploadEvent, BillUploadRequest>(({ input, sendBack }) => {
  let stopped = false;
  let abort = () => {};
  const fail = (error: unknown) => {
    if (!stopped) sendBack({ type: 'upload.failed', failure: billFailure(error) });
  };
  claimCalls().then(({ uploadBill }) => {
    if (stopped) return;
    const upload = uploadBill(input.uuid, input.file as unknown as Blob, (loaded, total) =>
      sendBack({ type: 'upload.progress', loaded, total }),
    );
    abort = () => upload.abort();
    upload.done.then(() => sendBack({ type: 'upload.done' }), fail);
  }, fail);
  // Leaving the uploading state (cancel) aborts the request.
  return () => {
    stopped = true;
    abort();
  };
});

const liveBillUploadMachine = billUploadMachine.provide({ actors: { uploadBill: sendBill } });

/** The claim's live feed on GET /api/v1/claim/{uuid}/events/ (the topic is the claim's uuid). */
const claimLiveFeed = liveFeedMachine.provide({
  actors: {
    eventStream: fromCallback<LiveStreamEvent, { topic: string }>(({ input, sendBack }) =>
      openEventStream(claimEventsUrl(input.topic), sendBack),
    ),
  },
});

export const wiredClaimPaymentMachine = claimPaymentMachine.provide({
  actors: {
    loadClaim: fromPromise(({ input }) => asClaimCall(() => loadClaim(input.uuid))),
    loadStatus: fromPromise(({ input }) => asClaimCall(async () => (await claimCalls()).fetchClaimStatus(input.uuid))),
    confirmPayment: fromPromise(({ input }) => asClaimCall(async () => (await claimCalls()).confirmClaim(input.uuid))),
    cancelClaim: fromPromise(({ input }) => asClaimCall(async () => (await claimCalls()).cancelClaim(input.uuid))),
    billUpload: liveBillUploadMachine,
    liveFeed: claimLiveFeed,
  },
  actions: {
    logError: (_, { what, error }) => console.error(`claim: ${what} failed, retrying`, error),
  },
});
