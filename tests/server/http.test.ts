// The HTTP shell every route shares: bad bodies on every write endpoint get a 4xx with the DRF error shape
// (never a 5xx), unknown API paths a JSON 404, /en English texts, security headers, rate limits, and the
// static files with the SPA fallback.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app.ts';
import { call, startTestApp, type TestApp, testConfig } from './support/app.ts';
import { newUser } from './support/accounts.ts';
import { validClaim } from './support/claims.ts';
import { asCreator } from './support/claimCreator.ts';

let test: TestApp;
let token: string;
let claimUuid: string;

beforeAll(async () => {
  test = await startTestApp();
  token = (await newUser(test)).access;
  claimUuid = (await call(test, 'POST', '/api/v1/claim/', await validClaim(test, 'BTC', 'SBERRUB'))).body.uuid;
});
afterAll(async () => {
  await test.close();
});

/** A DRF-shaped error: `detail`/`code` strings, field arrays of strings, or nested objects of those. */
function isErrorShape(body: unknown): boolean {
  if (body === null || typeof body !== 'object' || Array.isArray(body) || Object.keys(body).length === 0) return false;
  return Object.entries(body).every(([key, value]) => {
    if (key === 'detail' || key === 'code') return typeof value === 'string' && value.length > 0;
    if (Array.isArray(value))
      return value.length > 0 && value.every((item) => typeof item === 'string' && item.length > 0);
    return isErrorShape(value);
  });
}

const WRITE_ENDPOINTS = (): [string, string][] => [
  ['POST', '/api/v1/claim/'],
  ['POST', `/api/v1/claim/${claimUuid}/confirm/`],
  ['POST', `/api/v1/claim/${claimUuid}/bill/`],
  ['POST', '/front-api/auth/login/'],
  ['POST', '/front-api/auth/refresh/'],
  ['POST', '/api/v1/users/signup/'],
  ['POST', '/api/v1/users/restore/'],
  ['POST', '/api/v1/users/restore/some-token/'],
  ['POST', '/api/v1/users/activate/some-token/'],
  ['POST', '/api/v1/users/me/password/'],
  ['POST', '/api/v1/users/reactivate/'],
  ['POST', '/api/v1/users/me/refferal/withdrawal/'],
  ['POST', '/api/v1/verify/'],
  ['PUT', '/api/v1/verify/1/'],
  ['POST', '/api/v2/verify/upload/'],
  ['POST', '/api/v2/verify/confirm/'],
];

const BAD_BODIES: [string, string][] = [
  ['malformed JSON', '{"email": "a@b.c", '],
  ['an array', '[1, 2, 3]'],
  ['a string', '"hello"'],
  ['a number', '42'],
  ['null', 'null'],
  [
    'wrong types',
    '{"email": 5, "password": [], "fromPs": "1", "fromSumma": 0.5, "withVerificationCourse": "yes", "verification": "x", "amount": {}}',
  ],
  ['unknown fields', '{"isAdmin": true, "course": "1000000", "__proto__": {"polluted": 1}}'],
  ['a huge body', JSON.stringify({ email: 'a'.repeat(200_000) })],
  ['deep nesting', '['.repeat(5000) + ']'.repeat(5000)],
];

describe('bad input on every write endpoint', () => {
  it.each(BAD_BODIES)('answers %s with a 4xx error body', async (_name, raw) => {
    for (const [method, url] of WRITE_ENDPOINTS()) {
      for (const prefix of ['', '/en']) {
        // The claim's creator: its bad bodies are read, not refused for want of the claim's capability.
        const options = { raw, token, headers: { 'content-type': 'application/json' } };
        const reply = await call(test, method, prefix + url, undefined, url.includes(claimUuid) ? asCreator(claimUuid, options) : options);
        expect(reply.status, `${method} ${prefix}${url}`).toBeGreaterThanOrEqual(400);
        expect(reply.status, `${method} ${prefix}${url}`).toBeLessThan(500);
        expect(isErrorShape(reply.body), `${method} ${url}: ${JSON.stringify(reply.body)}`).toBe(true);
      }
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('refuses random JSON on claim creation and sign-up without a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.jsonValue({ maxDepth: 3 }),
        fc.constantFrom('/api/v1/claim/', '/en/api/v1/users/signup/', '/front-api/auth/login/'),
        async (value, url) => {
          const reply = await call(test, 'POST', url, undefined, {
            raw: JSON.stringify(value),
            headers: { 'content-type': 'application/json' },
          });
          expect(reply.status).toBeGreaterThanOrEqual(400);
          expect(reply.status).toBeLessThan(500);
          expect(isErrorShape(reply.body)).toBe(true);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('refuses claim payloads that are nearly right, field by field', async () => {
    const valid = await validClaim(test, 'BTC', 'SBERRUB');
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...(Object.keys(valid) as (keyof typeof valid)[])),
        fc.oneof(
          fc.constant(undefined),
          fc.constant(null),
          fc.integer(),
          fc.double(),
          fc.string(),
          fc.boolean(),
          fc.array(fc.string()),
          fc.dictionary(fc.string(), fc.integer()),
        ),
        async (key, value) => {
          const payload: Record<string, unknown> = { ...valid, [key]: value };
          if (value === undefined) delete payload[key];
          const reply = await call(test, 'POST', '/api/v1/claim/', payload);
          expect(reply.status).not.toBeGreaterThanOrEqual(500);
          if (reply.status !== 201) expect(isErrorShape(reply.body)).toBe(true);
        },
      ),
      { numRuns: 120 },
    );
  });

  it('says which fields are wrong, in the language of the path', async () => {
    const en = await call(test, 'POST', '/en/api/v1/claim/', {});
    expect(en.status).toBe(400);
    expect(en.body.email).toEqual(['This field is required.']);
    expect(en.body.fromRequisites).toEqual(['This field is required.']);
    const ru = await call(test, 'POST', '/api/v1/claim/', { email: 5 });
    expect(ru.body.email).toEqual(['Неверный тип значения.']);
    const malformed = await call(test, 'POST', '/en/api/v1/claim/', undefined, {
      raw: '{',
      headers: { 'content-type': 'application/json' },
    });
    expect(malformed.body).toEqual({ detail: 'Malformed JSON.', code: 'parse_error' });
    const tooLong = await call(test, 'POST', '/en/api/v1/claim/', { email: 'a'.repeat(300) });
    expect(tooLong.body.email).toEqual(['Ensure this value has at most 254 characters.']);
  });
});

describe('unknown paths and headers', () => {
  it('answers 404 JSON for unknown API paths at both prefixes and any method', async () => {
    for (const [method, url, detail] of [
      ['GET', '/api/v1/nothing/', 'Не найдено.'],
      ['POST', '/api/v9/claim/', 'Не найдено.'],
      ['GET', '/en/api/v1/nothing/', 'Not found.'],
      ['DELETE', '/en/api/v1/calculator/', 'Not found.'],
      ['GET', '/front-api/nothing/', 'Не найдено.'],
    ] as const) {
      const reply = await call(test, method, url);
      expect(reply.status, url).toBe(404);
      expect(reply.headers.get('content-type')).toMatch(/application\/json/);
      expect(reply.body).toEqual({ detail });
    }
  });

  it('sends nosniff on API answers (the document policies are for HTML only), HSTS only under https', async () => {
    const reply = await call(test, 'GET', '/api/v1/calculator/tech/');
    expect(reply.headers.get('x-content-type-options')).toBe('nosniff');
    expect(reply.headers.get('content-security-policy')).toBeNull();
    expect(reply.headers.get('strict-transport-security')).toBeNull();
    const secure = createApp({ db: test.database.db, config: testConfig({ PUBLIC_URL: 'https://exchanger.example' }) });
    const https = await secure.request('/api/v1/calculator/tech/');
    expect(https.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
  });

  it('rate-limits claim creation per client with Retry-After', async () => {
    const limited = createApp({ db: test.database.db, config: testConfig({ RATE_LIMIT_SCALE: '1' }) });
    const statuses: number[] = [];
    let last: Response | null = null;
    for (let index = 0; index < 61; index += 1) {
      last = await limited.request('/en/api/v1/claim/', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      statuses.push(last.status);
    }
    expect(statuses.slice(0, 60).every((status) => status === 400)).toBe(true);
    expect(statuses[60]).toBe(429);
    expect(Number(last!.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(((await last!.json()) as { detail: string }).detail).toMatch(/Too many requests/);
  });
});

describe('static files and the SPA fallback', () => {
  let dist: string;
  let site: ReturnType<typeof createApp>;
  const script = `console.log(${JSON.stringify('x'.repeat(5000))});`;

  beforeAll(() => {
    dist = mkdtempSync(path.resolve('test-data', 'server-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    mkdirSync(path.join(dist, '.vite'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>app</title>');
    writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), script);
    writeFileSync(path.join(dist, 'robots.txt'), 'User-agent: *\n');
    writeFileSync(path.join(dist, '.vite', 'manifest.json'), '{}');
    site = createApp({ db: test.database.db, config: testConfig({ DIST_DIR: dist }), serveStatic: true });
  });
  afterAll(() => rmSync(dist, { recursive: true, force: true }));

  it('serves index.html for every page path, never cached', async () => {
    for (const url of ['/', '/en', '/en/rules', '/claim/123e4567-e89b-12d3-a456-426614174000', '/account/orders?x=1']) {
      const reply = await site.request(url);
      expect(reply.status, url).toBe(200);
      expect(reply.headers.get('content-type')).toMatch(/text\/html/);
      expect(reply.headers.get('cache-control')).toBe('no-cache');
      expect(await reply.text()).toContain('<title>app</title>');
    }
  });

  it('serves hashed assets for a year, gzipped on request, with 304 on a matching ETag', async () => {
    const plain = await site.request('/assets/index-abc123.js');
    expect(plain.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await plain.text()).toBe(script);
    const gzip = await site.request('/assets/index-abc123.js', { headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(Number(gzip.headers.get('content-length'))).toBeLessThan(script.length / 10);
    const again = await site.request('/assets/index-abc123.js', {
      headers: { 'if-none-match': plain.headers.get('etag')! },
    });
    expect(again.status).toBe(304);
    expect((await site.request('/robots.txt')).headers.get('content-type')).toMatch(/text\/plain/);
  });

  it('answers 404 for missing files, hidden folders and escapes, and keeps API 404s JSON', async () => {
    for (const url of [
      '/assets/missing.js',
      '/.vite/other.json',
      '/.ssr/entry-server.js',
      '/..%2f..%2fpackage.json',
      '/%2e%2e/%2e%2e/package.json',
    ]) {
      const reply = await site.request(url);
      expect(reply.status, url).toBe(404);
    }
    const api = await site.request('/en/api/v1/nothing/');
    expect(api.status).toBe(404);
    expect(await api.json()).toEqual({ detail: 'Not found.' });
  });

  it('serves the build manifest the hourly update check reads, never cached', async () => {
    const reply = await site.request('/.vite/manifest.json');
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toMatch(/application\/json/);
    expect(reply.headers.get('cache-control')).toBe('no-cache');
    expect(await reply.json()).toEqual({});
  });
});

describe('client address behind a proxy', () => {
  it('keys rate limits on the entry the trusted proxy wrote, and on the socket when no proxy is trusted', async () => {
    // A socket of its own per app: rate-limit buckets live in the shared database.
    const socket = (address: string) => ({ incoming: { socket: { remoteAddress: address, remotePort: 40000, remoteFamily: 'IPv4' } } });
    const post = (app: ReturnType<typeof createApp>, forwarded: string, peer: string) =>
      app.request(
        '/api/v1/claim/',
        { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': forwarded }, body: '{}' },
        socket(peer),
      );
    const trusting = createApp({
      db: test.database.db,
      config: testConfig({ RATE_LIMIT_SCALE: '0.05', TRUST_PROXY: '1' }),
    });
    // Capacity 60 × 0.05 = 3 requests per address; the client's own first entry changes every time.
    const first = [];
    for (let index = 0; index < 4; index += 1) first.push((await post(trusting, `10.9.9.${index}, 203.0.113.1`, '10.0.0.1')).status);
    expect(first).toEqual([400, 400, 400, 429]);
    expect((await post(trusting, '203.0.113.2', '10.0.0.1')).status).toBe(400);

    const direct = createApp({ db: test.database.db, config: testConfig({ RATE_LIMIT_SCALE: '0.05' }) });
    const statuses = [];
    for (const ip of ['198.51.100.1', '198.51.100.2', '198.51.100.3', '198.51.100.4'])
      statuses.push((await post(direct, ip, '192.0.2.77')).status);
    expect(statuses).toEqual([400, 400, 400, 429]);
  });
});
