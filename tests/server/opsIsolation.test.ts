// The console kept apart from the public site: its page and API carry a policy of their own that names no
// third-party host (no chat, analytics or captcha), never framed; with OPS_PORT the public listener answers 404 for
// them and the console's listener serves them (its page, API and built files), and nothing of the site.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app.ts';
import { freshDatabase, type OwnDatabase } from './support/database.ts';
import { testConfig } from './support/app.ts';

let database: OwnDatabase;
let distDir: string;

beforeAll(async () => {
  database = await freshDatabase(4);
  // A build of the app page, the console's page and one hashed script.
  distDir = mkdtempSync(path.resolve('test-data', 'ops-dist-'));
  mkdirSync(path.join(distDir, 'assets'));
  writeFileSync(
    path.join(distDir, 'ops.html'),
    '<!doctype html><html><head><script type="module" src="/assets/ops-TEST.js"></script></head><body></body></html>',
  );
  writeFileSync(path.join(distDir, 'assets', 'ops-TEST.js'), 'export {};\n');
  writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><html><head></head><body></body></html>');
});
afterAll(async () => {
  await database.drop();
  rmSync(distDir, { recursive: true, force: true });
});

function app(env: Record<string, string>, part?: 'console') {
  return createApp({ db: database.db, config: testConfig({ DIST_DIR: distDir, ...env }), serveStatic: true, part });
}

/** Every source a policy allows that is not a keyword ('self', 'none'…) or a scheme (data:, blob:). */
function hostsIn(policy: string): string[] {
  return policy
    .split(';')
    .flatMap((directive) => directive.trim().split(/\s+/).slice(1))
    .filter((source) => !/^'[a-z-]+'$/.test(source) && !/^[a-z]+:$/.test(source));
}

function directive(policy: string, name: string): string | undefined {
  return policy
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${name} `));
}

describe("the console's own policy", () => {
  it('/ops/ answers with a CSP naming no third-party host, never framed', async () => {
    const reply = await app({}).request('/ops/claims/');
    expect(reply.status).toBe(200);
    const policy = reply.headers.get('content-security-policy')!;
    expect(hostsIn(policy)).toEqual([]);
    expect(directive(policy, 'frame-ancestors')).toBe("frame-ancestors 'none'");
    expect(directive(policy, 'script-src')).toBe("script-src 'self'");
    expect(reply.headers.get('x-frame-options')).toBe('DENY');
  });

  it('its API answers carry the same policy, while public pages keep the one with the providers', async () => {
    const site = app({});
    const api = await site.request('/ops-api/v1/auth/me/');
    expect(api.status).toBe(401);
    expect(hostsIn(api.headers.get('content-security-policy')!)).toEqual([]);
    const english = await site.request('/ops/en/');
    expect(hostsIn(english.headers.get('content-security-policy')!)).toEqual([]);
    // The public site's policy still allows the captcha, chat and analytics it loads: the two are really apart.
    const page = await site.request('/rules');
    expect(page.status).toBe(200);
    expect(hostsIn(page.headers.get('content-security-policy')!)).not.toEqual([]);
  });
});

describe('OPS_PORT: the console on its own listener', () => {
  it('the public listener answers 404 for the console, its API and their variants', async () => {
    const site = app({ OPS_PORT: '4391' });
    for (const url of ['/ops', '/ops/', '/ops/en/claims/', '/ops-api/v1/auth/me/', '/ops-api/en/v1/auth/me/']) {
      expect((await site.request(url)).status, url).toBe(404);
    }
    const signIn = await site.request('/ops-api/v1/auth/sign-in/', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'ops@example.com', password: 'x', code: '000000' }),
    });
    expect(signIn.status).toBe(404);
    // The site itself still answers there.
    expect((await site.request('/api/v1/calculator/')).status).toBe(200);
  });

  it("the console's listener serves its page, API and built files, and nothing of the site", async () => {
    const ops = app({ OPS_PORT: '4391' }, 'console');
    const page = await ops.request('/ops/');
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('/assets/ops-TEST.js');
    expect(hostsIn(page.headers.get('content-security-policy')!)).toEqual([]);
    expect((await ops.request('/assets/ops-TEST.js')).status).toBe(200);
    expect((await ops.request('/ops-api/v1/auth/me/')).status).toBe(401);
    expect((await ops.request('/api/v1/calculator/')).status).toBe(404);
    expect((await ops.request('/rules')).status).toBe(404);
    const root = await ops.request('/');
    expect(root.status).toBe(302);
    expect(root.headers.get('location')).toBe('/ops/');
  });
});
