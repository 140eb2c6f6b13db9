// A failed call as the DRF-shaped error body the machines read (`{detail, field: [..], code}`). It recognises
// ky's HTTPError by shape, so modules that only read errors do not pull the HTTP client into their bundle.
import type { ErrorBody } from './schemas/common.ts';

interface HttpFailure {
  name: 'HTTPError';
  response: Response;
  /** ky 2 has already read the body into `data` (the response body itself is consumed). */
  data?: unknown;
}

function isHttpFailure(error: unknown): error is HttpFailure {
  return error instanceof Error && error.name === 'HTTPError' && 'response' in error;
}

/** Reads the error body of a failed call, or a generic network error. */
export async function errorBody(error: unknown): Promise<ErrorBody> {
  if (isHttpFailure(error)) {
    if (error.data && typeof error.data === 'object') return error.data as ErrorBody;
    return { detail: error.response.statusText, code: `http_${error.response.status}` };
  }
  return { code: 'network_error' };
}

/** Runs a call; a failure is re-thrown as its error body, which is what the machines read. */
export async function withErrorBody<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw await errorBody(error);
  }
}
