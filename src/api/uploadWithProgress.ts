// Sending a file with upload progress and a way to abort: the one XMLHttpRequest upload of the app (receipts and
// card photos). fetch reports no upload progress over HTTP/1.1, so ky cannot be used here.
import { accessToken, apiPrefix } from './credentials.ts';
import type { ErrorBody } from './schemas/common.ts';

/** Bytes of an upload sent so far, of how many. */
export interface UploadProgress {
  loaded: number;
  total: number;
}

export interface UploadHandle<T> {
  /** Resolves with the parsed answer, rejects with an UploadError. */
  done: Promise<T>;
  abort: () => void;
}

/** Rejection of an upload, in the same DRF shape as `errorBody` gives for ky calls. */
export class UploadError extends Error {
  readonly status: number;
  readonly body: ErrorBody;

  constructor(status: number, body: ErrorBody) {
    super(typeof body.detail === 'string' ? body.detail : `HTTP ${status}`);
    this.status = status;
    this.body = body;
  }
}

export interface UploadRequest<T> {
  /** Path under the API prefix (`/api/v1/claim/{uuid}/bill/`). */
  path: string;
  /** The multipart body; built anew for each attempt. */
  form: () => FormData;
  /** The successful answer's body, or null when it is not what the call answers. */
  parse: (body: unknown) => T | null;
  onProgress: (loaded: number, total: number) => void;
  /**
   * A small ky call of the same caller: run once when the access token has expired (401 token_not_valid); ky's
   * session handling renews the token, and the upload is sent again with the new one.
   */
  renewToken: () => Promise<unknown>;
}

function sendOnce<T>(request: UploadRequest<T>, register: (xhr: XMLHttpRequest) => void): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    register(xhr);
    const form = request.form();
    const file = form.get('file');
    const fallbackTotal = file instanceof Blob ? file.size : 0;
    xhr.open('POST', `${apiPrefix()}${request.path}`);
    xhr.withCredentials = true;
    const token = accessToken();
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.responseType = 'json';
    xhr.upload.addEventListener('progress', (event) => {
      request.onProgress(event.loaded, event.lengthComputable ? event.total : fallbackTotal);
    });
    xhr.addEventListener('load', () => {
      const body = (xhr.response ?? null) as unknown;
      if (xhr.status >= 200 && xhr.status < 300) {
        const parsed = request.parse(body);
        if (parsed !== null) resolve(parsed);
        else reject(new UploadError(xhr.status, { code: 'invalid_response' }));
        return;
      }
      const errorBody = body && typeof body === 'object' ? (body as ErrorBody) : { code: `http_${xhr.status}` };
      reject(new UploadError(xhr.status, errorBody));
    });
    xhr.addEventListener('error', () => reject(new UploadError(0, { code: 'network_error' })));
    xhr.addEventListener('abort', () => reject(new UploadError(0, { code: 'aborted' })));
    xhr.send(form);
  });
}

/** POSTs the form with progress reports; an expired access token is renewed once and the upload sent again. */
export function uploadWithProgress<T>(request: UploadRequest<T>): UploadHandle<T> {
  let current: XMLHttpRequest | null = null;
  let aborted = false;
  const register = (xhr: XMLHttpRequest) => {
    current = xhr;
  };
  const done = sendOnce(request, register).catch(async (error: unknown) => {
    const expired = error instanceof UploadError && error.status === 401 && error.body.code === 'token_not_valid';
    if (!expired || aborted) throw error;
    await request.renewToken();
    return sendOnce(request, register);
  });
  return {
    done,
    abort: () => {
      aborted = true;
      current?.abort();
    },
  };
}
