// The request body cap over real HTTP (the Node adapter): a declared length is judged from its header, a
// chunked body while it streams; a body within the cap still reaches the handler whole.
import { serve, type ServerType } from '@hono/node-server';
import { Hono } from 'hono';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JSON_BODY_LIMIT, requestBodyLimit } from '../../server/http/bodyLimit.ts';
import type { AppEnv } from '../../server/http/env.ts';
import { onError } from '../../server/http/errors.ts';

let server: ServerType;
let port: number;

beforeAll(async () => {
  const app = new Hono<AppEnv>();
  app.use(async (c, next) => {
    c.set('locale', 'en');
    await next();
  });
  app.use(requestBodyLimit);
  app.post('/echo', async (c) => c.json({ length: (await c.req.text()).length }));
  app.onError(onError);
  server = await new Promise<ServerType>((resolve) => {
    const started = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(started));
  });
  port = (server.address() as AddressInfo).port;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** POSTs `body` with a content-length, or chunked (no length) when `chunked`. */
function post(body: string, chunked = false): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (!chunked) headers['content-length'] = String(Buffer.byteLength(body));
    const req = httpRequest({ host: '127.0.0.1', port, path: '/echo', method: 'POST', headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
    });
    // The server may answer 413 and close before the whole body is sent.
    req.on('error', (error: NodeJS.ErrnoException) => (error.code === 'EPIPE' ? undefined : reject(error)));
    if (chunked) {
      for (let at = 0; at < body.length; at += 8192) req.write(body.slice(at, at + 8192));
      req.end();
    } else req.end(body);
  });
}

describe('request body limit', () => {
  it('lets a JSON body within the cap through whole, with or without a declared length', async () => {
    const body = JSON.stringify({ text: 'x'.repeat(JSON_BODY_LIMIT - 100) });
    expect(await post(body)).toEqual({ status: 200, text: JSON.stringify({ length: body.length }) });
    expect(await post(body, true)).toEqual({ status: 200, text: JSON.stringify({ length: body.length }) });
  });

  it('refuses a body over the cap with 413, declared or streamed', async () => {
    const body = JSON.stringify({ text: 'x'.repeat(JSON_BODY_LIMIT) });
    const declared = await post(body);
    expect(declared.status).toBe(413);
    expect(JSON.parse(declared.text)).toEqual({ detail: 'Request body is too large.' });
    expect((await post(body, true)).status).toBe(413);
  });
});
