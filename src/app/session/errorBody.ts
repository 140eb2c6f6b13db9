// Machines see a failed call as its DRF error body (`{detail, field: [..], code}`), never as a ky exception.
import { errorBody } from '../../api/errors.ts';

/** Runs a call; a failure is re-thrown as the error body the form machines read. */
export async function withErrorBody<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw await errorBody(error);
  }
}
