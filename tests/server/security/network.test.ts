// The request's origin and path through the network: the client address behind trusted proxies, the same-origin
// guard of the cookie-authenticated calls, and no caching of answers that carry a token or personal data.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forwardedClient, limitKey } from '../../../server/http/clientIp.ts';
import { validClaim } from '../support/claims.ts';
import { call, cookiePair, startTestApp, type TestApp, uniqueIp } from '../support/app.ts';
import { login, newUser, PASSWORD, signup } from '../support/accounts.ts';

let test: TestApp;

beforeAll(async () => {
  test = await startTestApp();
});
afterAll(async () => {
  await test.close();
});

describe('TRUST_PROXY as a count of trusted hops', () => {
  it('takes the entry the outermost trusted proxy wrote, never one the client wrote', () => {
    expect(forwardedClient('6.6.6.6, 203.0.113.7', 1, '10.0.0.1')).toBe('203.0.113.7');
    expect(forwardedClient('6.6.6.6, 203.0.113.7, 10.0.0.2', 2, '10.0.0.1')).toBe('203.0.113.7');
    expect(forwardedClient('203.0.113.7', 2, '10.0.0.1')).toBe('10.0.0.1');
    expect(forwardedClient('203.0.113.7', 0, '10.0.0.1')).toBe('10.0.0.1');
    expect(forwardedClient(undefined, 1, '10.0.0.1')).toBe('10.0.0.1');
  });

  it('keeps the per-address login limit when the client rotates the first X-Forwarded-For entry', async () => {
    const proxied = await startTestApp({ TRUST_PROXY: '1', RATE_LIMIT_SCALE: '1' });
    try {
      const email = await signup(proxied);
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 7; attempt += 1) {
        const forwarded = `${uniqueIp()}, 198.51.100.9`;
        const reply = await call(proxied, 'POST', '/front-api/auth/login/', { email, password: 'wrong-Password-9' }, { ip: '10.0.0.1', headers: { 'x-forwarded-for': forwarded } });
        statuses.push(reply.status);
      }
      expect(statuses.slice(0, 5)).toEqual([400, 400, 400, 400, 400]);
      expect(statuses.slice(5)).toEqual([429, 429]);
      // Another client behind the same load balancer is not affected.
      const other = await call(proxied, 'POST', '/front-api/auth/login/', { email, password: PASSWORD }, { ip: '10.0.0.1', headers: { 'x-forwarded-for': '198.51.100.10' } });
      expect(other.status).toBe(200);
    } finally {
      await proxied.close();
    }
  });
});

describe('same-origin guard of the cookie calls', () => {
  it('refuses refresh, logout and login started by another site with 403, and changes nothing', async () => {
    const user = await newUser(test);
    const forged: Array<Record<string, string>> = [{ origin: 'https://evil.example' }, { 'sec-fetch-site': 'cross-site' }, { 'sec-fetch-site': 'same-site' }];
    for (const headers of forged) {
      const refresh = await call(test, 'POST', '/en/front-api/auth/refresh/', undefined, { cookie: user.refreshCookie, headers });
      expect(refresh.status).toBe(403);
      expect(refresh.body).toEqual({ detail: 'A request from another site was refused.', code: 'cross_site' });
      expect((await call(test, 'POST', '/front-api/auth/logout/', undefined, { cookie: user.refreshCookie, headers })).status).toBe(403);
      expect((await call(test, 'POST', '/front-api/auth/login/', { email: user.email, password: PASSWORD }, { headers })).status).toBe(403);
    }
    // The session survived the forged logout.
    const own = await call(test, 'POST', '/front-api/auth/refresh/', undefined, {
      cookie: user.refreshCookie,
      headers: { origin: test.config.publicUrl, 'sec-fetch-site': 'same-origin' },
    });
    expect(own.status).toBe(200);
  });

  it('lets the site itself and non-browser clients through', async () => {
    const user = await newUser(test);
    const byOrigin = await call(test, 'POST', '/front-api/auth/refresh/', undefined, { cookie: user.refreshCookie, headers: { origin: test.config.publicUrl } });
    expect(byOrigin.status).toBe(200);
    const next = cookiePair(byOrigin.cookies, 'refresh')!;
    expect((await call(test, 'POST', '/front-api/auth/refresh/', undefined, { cookie: next })).status).toBe(200);
  });
});

describe('no caching of private answers', () => {
  function expectNoStore(headers: Headers, what: string): void {
    expect(headers.get('cache-control'), what).toBe('no-store');
    expect(headers.get('pragma'), what).toBe('no-cache');
  }

  it('marks every answer with a token or personal data no-store', async () => {
    const email = await signup(test);
    const signed = await call(test, 'POST', '/front-api/auth/login/', { email, password: PASSWORD });
    expectNoStore(signed.headers, 'login');
    const user = await login(test, email);
    expectNoStore((await call(test, 'POST', '/front-api/auth/refresh/', undefined, { cookie: user.refreshCookie })).headers, 'refresh');
    for (const url of ['/api/v1/users/me/', '/api/v1/users/me/claims/', '/api/v1/users/me/refferal/', '/api/v1/verify/']) {
      expectNoStore((await call(test, 'GET', url, undefined, { token: user.access })).headers, url);
    }
    expectNoStore((await call(test, 'GET', '/api/v1/users/me/')).headers, 'a refused me/');
    const created = await call(test, 'POST', '/api/v1/claim/', await validClaim(test, 'BTC', 'SBERRUB'));
    expectNoStore(created.headers, 'claim creation');
    for (const part of ['form', 'requisite', 'status']) {
      expectNoStore((await call(test, 'GET', `/api/v1/claim/${created.body.uuid}/${part}/`)).headers, part);
    }
  });

  it('leaves public answers cacheable', async () => {
    const catalogue = await call(test, 'GET', '/api/v1/calculator/');
    expect(catalogue.status).toBe(200);
    expect(catalogue.headers.get('cache-control')).not.toBe('no-store');
    expect(catalogue.headers.get('pragma')).toBeNull();
  });
});

describe('limits count an IPv6 client by its /64', () => {
  it('keys IPv6 addresses on their first four groups and IPv4 (also mapped) on the address', () => {
    expect(limitKey('2001:db8:1:2:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:1:2::/64');
    expect(limitKey('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(limitKey('2001:0db8:0001:0002::ffff')).toBe('2001:db8:1:2::/64');
    expect(limitKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(limitKey('::1')).toBe('0:0:0:0::/64');
    expect(limitKey('64:ff9b::192.0.2.1')).toBe('64:ff9b:0:0::/64');
    expect(limitKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(limitKey('203.0.113.7')).toBe('203.0.113.7');
  });

  it('refuses a client that rotates through the addresses of its /64 once the route limit is spent', async () => {
    const proxied = await startTestApp({ TRUST_PROXY: '1', RATE_LIMIT_SCALE: '1' });
    try {
      const statuses: number[] = [];
      for (let host = 1; host <= 6; host += 1) {
        const reply = await call(proxied, 'POST', '/api/v1/users/restore/', { email: 'nobody@example.com' }, { ip: '10.0.0.1', headers: { 'x-forwarded-for': `2001:db8:77:1::${host.toString(16)}` } });
        statuses.push(reply.status);
      }
      expect(statuses.slice(0, 5).every((status) => status !== 429)).toBe(true);
      expect(statuses[5]).toBe(429);
      // A neighbouring /64 is another subscriber.
      const neighbour = await call(proxied, 'POST', '/api/v1/users/restore/', { email: 'nobody@example.com' }, { ip: '10.0.0.1', headers: { 'x-forwarded-for': '2001:db8:77:2::1' } });
      expect(neighbour.status).not.toBe(429);
    } finally {
      await proxied.close();
    }
  });

  it('gives a successful sign-in its attempt back under the same key, also for an IPv4-mapped address', async () => {
    const proxied = await startTestApp({ TRUST_PROXY: '1', RATE_LIMIT_SCALE: '1' });
    try {
      const email = await signup(proxied);
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 8; attempt += 1) {
        const reply = await call(proxied, 'POST', '/front-api/auth/login/', { email, password: PASSWORD }, { ip: '10.0.0.1', headers: { 'x-forwarded-for': '::ffff:198.51.100.21' } });
        statuses.push(reply.status);
      }
      expect(statuses).toEqual(Array(8).fill(200));
    } finally {
      await proxied.close();
    }
  });
});
