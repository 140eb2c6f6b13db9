// Compresses API answers (JSON, XML, text) above a small size with brotli or gzip, whichever the client accepts
// (brotli preferred). Static files and rendered pages arrive already compressed (Content-Encoding set) and pass
// through untouched. Answers with an ETag (the rates export) keep their compressed bytes per ETag, so a body
// polled again and again is compressed once.
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './env.ts';

/**
 * Below this a body is sent as is: with its headers it fits one TCP segment either way, so compressing saves no
 * round trip, and it cost about a third of the server's CPU for an 815-byte orders list (1.47 against 1.02 ms a call).
 */
export const COMPRESS_THRESHOLD_BYTES = 1024;

export type Encoding = 'br' | 'gzip';

const COMPRESSIBLE_TYPE = /^(application\/(json|xml|[\w.+-]+\+(json|xml))|text\/(xml|plain|csv|html))\s*(;|$)/i;
/** Brotli 5 / gzip 6: close to the best ratio on small JSON at a fraction of the top levels' CPU. */
const BROTLI_OPTIONS = { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } };
const GZIP_LEVEL = 6;
const MAX_REMEMBERED = 64;

/** Browsers send a handful of distinct Accept-Encoding values: each is parsed once (the memory bounded all the same). */
const ENCODING_OF = new Map<string, Encoding | null>();
const MAX_HEADERS_REMEMBERED = 64;

/** The encoding to answer with for an Accept-Encoding header (q-values honoured; `*` stands for the rest). */
export function preferredEncoding(header: string | undefined): Encoding | null {
  if (!header) return null;
  let encoding = ENCODING_OF.get(header);
  if (encoding === undefined) {
    encoding = parsePreferredEncoding(header);
    if (ENCODING_OF.size >= MAX_HEADERS_REMEMBERED) ENCODING_OF.clear();
    ENCODING_OF.set(header, encoding);
  }
  return encoding;
}

function parsePreferredEncoding(header: string): Encoding | null {
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
    weights.set(name.trim(), q === undefined ? 1 : Number(q.slice(2)) || 0);
  }
  const weight = (coding: string) => weights.get(coding) ?? weights.get('*') ?? 0;
  const [br, gzip] = [weight('br'), weight('gzip')];
  if (br > 0 && br >= gzip) return 'br';
  return gzip > 0 ? 'gzip' : null;
}

/**
 * Gzip's window and hash table no larger than the body: a window as large as the body finds the same matches, and
 * the default 256 kB of them (allocated and cleared on every call) cost more than compressing a small JSON answer.
 */
function gzipOptions(bytes: number) {
  const windowBits = Math.min(15, Math.max(9, Math.ceil(Math.log2(bytes))));
  return { level: GZIP_LEVEL, windowBits, memLevel: windowBits - 7 };
}

function compress(body: Uint8Array, encoding: Encoding): Uint8Array<ArrayBuffer> {
  const compressed = encoding === 'br' ? brotliCompressSync(body, BROTLI_OPTIONS) : gzipSync(body, gzipOptions(body.byteLength));
  return new Uint8Array(compressed);
}

function addVary(headers: Headers): void {
  const vary = headers.get('Vary');
  if (!vary) headers.set('Vary', 'Accept-Encoding');
  else if (!/\baccept-encoding\b/i.test(vary)) headers.set('Vary', `${vary}, Accept-Encoding`);
}

/** The symbol under which @hono/node-server's light answer keeps [status, body, headers] as given, once found. */
let keptSlot: symbol | undefined;

/**
 * The size of a body the server adapter kept as given (a string or bytes: what c.json and c.text make), else null.
 * Asking the answer for `body` instead makes the adapter build a full Response and stream the body out of it, and
 * then the answer is rebuilt here: most of this layer's cost on a small JSON answer, which is sent as it is anyway.
 */
function keptBodyBytes(res: Response): number | null {
  keptSlot ??= Object.getOwnPropertySymbols(res).find((symbol) => symbol.description === 'cache');
  const kept = keptSlot === undefined ? undefined : (res as unknown as Record<symbol, unknown>)[keptSlot];
  if (!Array.isArray(kept)) return null;
  const body: unknown = kept[1];
  if (typeof body === 'string') return Buffer.byteLength(body);
  return body instanceof Uint8Array ? body.byteLength : null;
}

export function compressAnswers(): MiddlewareHandler<AppEnv> {
  // Compressed bodies of ETag'd answers, newest last (a Map keeps insertion order).
  const remembered = new Map<string, Uint8Array<ArrayBuffer>>();
  return async (c, next) => {
    await next();
    const res = c.res;
    if (c.req.method === 'HEAD' || res.status === 204 || res.status === 304) return;
    // Headers first: asking for the body of the server adapter's light response builds a full Response (copying it).
    if (res.headers.has('Content-Encoding') || !COMPRESSIBLE_TYPE.test(res.headers.get('Content-Type') ?? '')) return;
    if (/\bno-transform\b/i.test(res.headers.get('Cache-Control') ?? '')) return;
    const length = keptBodyBytes(res) ?? Number(res.headers.get('Content-Length') ?? Number.NaN);
    if (length < COMPRESS_THRESHOLD_BYTES) return;
    if (!res.body) return;
    const body = new Uint8Array(await res.arrayBuffer());
    const encoding = body.byteLength >= COMPRESS_THRESHOLD_BYTES ? preferredEncoding(c.req.header('Accept-Encoding')) : null;
    let sent: Uint8Array<ArrayBuffer> = body;
    if (encoding) {
      const etag = res.headers.get('ETag');
      const key = etag ? `${encoding} ${etag}` : null;
      let compressed = key ? remembered.get(key) : undefined;
      if (!compressed) {
        compressed = compress(body, encoding);
        if (key) {
          remembered.set(key, compressed);
          if (remembered.size > MAX_REMEMBERED) remembered.delete(remembered.keys().next().value!);
        }
      }
      sent = compressed;
    }
    c.res = new Response(sent, res);
    const headers = c.res.headers;
    headers.set('Content-Length', String(sent.byteLength));
    if (body.byteLength >= COMPRESS_THRESHOLD_BYTES) addVary(headers);
    if (!encoding) return;
    headers.set('Content-Encoding', encoding);
    // Another byte sequence of the same content: the validator turns weak (If-None-Match compares weakly).
    const etag = headers.get('ETag');
    if (etag && !etag.startsWith('W/')) headers.set('ETag', `W/${etag}`);
  };
}
