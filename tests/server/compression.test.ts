// Compressed answers: API JSON and XML above the threshold in brotli or gzip as negotiated (identity otherwise,
// Vary always), the export's ETag weakened and still answered with 304; built files served from the copies the
// build wrote, immutable when hashed; the document policies only on documents.
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app.ts';
import { COMPRESS_THRESHOLD_BYTES, preferredEncoding } from '../../server/http/compress.ts';
import { precompressFolder } from '../../scripts/precompress.ts';
import { startTestApp, type TestApp, testConfig } from './support/app.ts';

let test: TestApp;

beforeAll(async () => {
  test = await startTestApp();
});
afterAll(async () => {
  await test.close();
});

async function fetchRaw(app: TestApp['app'], url: string, headers: Record<string, string> = {}) {
  const response = await app.request(url, { headers });
  return { response, bytes: Buffer.from(await response.arrayBuffer()) };
}

function decode(bytes: Buffer, encoding: string | null): string {
  if (encoding === 'br') return brotliDecompressSync(bytes).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(bytes).toString('utf8');
  return bytes.toString('utf8');
}

describe('preferredEncoding', () => {
  it('prefers brotli, honours q-values and the wildcard', () => {
    expect(preferredEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(preferredEncoding('gzip')).toBe('gzip');
    expect(preferredEncoding('br;q=0, gzip')).toBe('gzip');
    expect(preferredEncoding('br;q=0.5, gzip;q=0.8')).toBe('gzip');
    expect(preferredEncoding('*')).toBe('br');
    expect(preferredEncoding('*;q=0, identity')).toBeNull();
    expect(preferredEncoding('identity')).toBeNull();
    expect(preferredEncoding(undefined)).toBeNull();
  });
});

describe('API answers', () => {
  it('are compressed above the threshold as negotiated, with Vary, and decode to the same JSON', async () => {
    const plain = await fetchRaw(test.app, '/api/v1/calculator/');
    expect(plain.response.headers.get('Content-Encoding')).toBeNull();
    expect(plain.response.headers.get('Vary')).toMatch(/Accept-Encoding/);
    expect(plain.bytes.length).toBeGreaterThan(COMPRESS_THRESHOLD_BYTES);
    for (const [accept, encoding] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
      ['br;q=0, gzip', 'gzip'],
      ['identity', null],
    ] as const) {
      const { response, bytes } = await fetchRaw(test.app, '/api/v1/calculator/', { 'Accept-Encoding': accept });
      expect(response.headers.get('Content-Encoding')).toBe(encoding);
      expect(response.headers.get('Vary')).toMatch(/Accept-Encoding/);
      expect(Number(response.headers.get('Content-Length'))).toBe(bytes.length);
      expect(JSON.parse(decode(bytes, encoding))).toEqual(JSON.parse(plain.bytes.toString('utf8')));
      if (encoding) expect(bytes.length).toBeLessThan(plain.bytes.length / 2);
    }
  });

  it('are sent as they are below the threshold', async () => {
    const { response, bytes } = await fetchRaw(test.app, '/api/v1/claim/00000000-0000-4000-8000-000000000000/status/', {
      'Accept-Encoding': 'br, gzip',
    });
    expect(response.status).toBe(404);
    expect(bytes.length).toBeLessThan(COMPRESS_THRESHOLD_BYTES);
    expect(response.headers.get('Content-Encoding')).toBeNull();
    expect(response.headers.get('Vary') ?? '').not.toMatch(/Accept-Encoding/);
    expect(JSON.parse(bytes.toString('utf8'))).toHaveProperty('detail');
  });

  it('compress the rates export with a weak ETag that still answers 304', async () => {
    const { response, bytes } = await fetchRaw(test.app, '/export/rates.xml', { 'Accept-Encoding': 'br' });
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Encoding')).toBe('br');
    expect(decode(bytes, 'br')).toMatch(/^<\?xml/);
    const etag = response.headers.get('ETag')!;
    expect(etag).toMatch(/^W\//);
    const again = await fetchRaw(test.app, '/export/rates.xml', { 'Accept-Encoding': 'br', 'If-None-Match': etag });
    expect(again.response.status).toBe(304);
    expect(again.bytes.length).toBe(0);
  });

  it('carry nosniff but not the document policies', async () => {
    const { response } = await fetchRaw(test.app, '/api/v1/calculator/');
    expect(response.headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(response.headers.get('Content-Security-Policy')).toBeNull();
    expect(response.headers.get('X-Frame-Options')).toBeNull();
  });
});

describe('built files', () => {
  let dist: string;
  let app: TestApp['app'];
  const script = `export const rows = [${Array.from({ length: 400 }, (_, index) => `{ id: ${index}, name: "row ${index}" }`).join(', ')}];\n`;
  const fromBuild = `/* the build's copy */ ${script}`;

  beforeAll(() => {
    mkdirSync(path.resolve('test-data'), { recursive: true });
    dist = mkdtempSync(path.resolve('test-data', 'dist-compression-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), `<!doctype html><html lang="ru"><head><title>x</title></head><body><div id="root"></div>${' '.repeat(2000)}</body></html>`);
    writeFileSync(path.join(dist, 'assets', 'app-3f2a1b.js'), script);
    writeFileSync(path.join(dist, 'assets', 'tiny-9c8d7e.js'), 'export {};\n');
    expect(precompressFolder(dist)).toBe(2);
    expect(existsSync(path.join(dist, 'assets', 'tiny-9c8d7e.js.br'))).toBe(false);
    // Marked copies: what the server sends must be the build's file, not something it compressed itself.
    writeFileSync(path.join(dist, 'assets', 'app-3f2a1b.js.br'), brotliCompressSync(fromBuild));
    writeFileSync(path.join(dist, 'assets', 'app-3f2a1b.js.gz'), gzipSync(fromBuild));
    app = createApp({ db: test.database.db, config: testConfig({ DIST_DIR: dist }), serveStatic: true });
  });
  afterAll(() => rmSync(dist, { recursive: true, force: true }));

  it('are sent from the brotli or gzip copy the build wrote, immutable, with Vary', async () => {
    for (const [accept, encoding, text] of [
      ['gzip, deflate, br', 'br', fromBuild],
      ['gzip', 'gzip', fromBuild],
      ['identity', null, script],
    ] as const) {
      const { response, bytes } = await fetchRaw(app, '/assets/app-3f2a1b.js', { 'Accept-Encoding': accept });
      expect(response.status).toBe(200);
      expect(response.headers.get('Content-Encoding')).toBe(encoding);
      expect(response.headers.get('Vary')).toBe('Accept-Encoding');
      expect(response.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
      expect(response.headers.get('Content-Type')).toMatch(/^text\/javascript/);
      expect(decode(bytes, encoding)).toBe(text);
      // A script is no document: nosniff only, no CSP or framing policy riding on it.
      expect(response.headers.get('X-Content-Type-Options')).toBe('nosniff');
      expect(response.headers.get('Content-Security-Policy')).toBeNull();
    }
    const tiny = await fetchRaw(app, '/assets/tiny-9c8d7e.js', { 'Accept-Encoding': 'br' });
    expect(tiny.response.headers.get('Content-Encoding')).toBeNull();
    expect(tiny.response.headers.get('Vary')).toBeNull();
  });

  it('give documents the security policies and no long cache', async () => {
    const { response, bytes } = await fetchRaw(app, '/', { 'Accept-Encoding': 'br' });
    expect(response.headers.get('Content-Type')).toMatch(/^text\/html/);
    expect(response.headers.get('Content-Encoding')).toBe('br');
    expect(decode(bytes, 'br')).toMatch(/<div id="root">/);
    expect(response.headers.get('Cache-Control')).toBe('no-cache');
    expect(response.headers.get('Content-Security-Policy')).toMatch(/default-src 'self'/);
    expect(response.headers.get('X-Frame-Options')).toBe('DENY');
  });
});
