// deploy/nginx.conf as production runs it: Debian's nginx in front of two `node server/main.ts` on one
// PostgreSQL (TRUST_PROXY=1, the console on OPS_PORT), the config templated only in its ports and paths. Through it:
// a claim is created and its page and data read; the address the server sees is nginx's peer, never what the
// client wrote in X-Forwarded-For; hashed files come from disk precompressed and cached for a year; a live claim
// stream gets its first bytes at once; the console is absent from the public server and served on the local one.
// Skipped only where nginx is not installed, outside CI; in CI its absence fails.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import type { DirectionsResponse, PairResponse } from '../../src/api/schemas/calculator.ts';
import { freePort } from '../../server/db/embedded.ts';
import { connect, type Database } from '../../server/db/index.ts';
import { VALID_REQUISITE } from './support/claims.ts';

const NGINX = ['/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/local/nginx/sbin/nginx'].find((file) =>
  existsSync(file),
);
if (!NGINX && process.env.CI)
  throw new Error('CI must test deploy/nginx.conf: nginx is not installed (.ci/run installs it)');
const BROTLI = existsSync('/usr/lib/nginx/modules/ngx_http_brotli_static_module.so');
const ASSET = '/assets/app-D3PL0Y42.js';

const name = `exchanger_test_deploy_${randomBytes(4).toString('hex')}`;
const work = mkdtempSync(path.join(os.tmpdir(), 'exchanger-deploy-'));
const children: ChildProcess[] = [];
const ports = { app: [0, 0], ops: [0, 0], site: 0, console: 0 };
let database: Database;

async function admin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: inject('adminUrl') });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** A build of the app reduced to what nginx and the servers serve: pages, and one hashed file with its copies. */
function writeBuild(dist: string): void {
  mkdirSync(path.join(dist, 'assets'), { recursive: true });
  writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><html><head><title>app</title></head><body></body></html>',
  );
  writeFileSync(
    path.join(dist, 'ops.html'),
    '<!doctype html><html><head><title>ops</title></head><body></body></html>',
  );
  const script = `export const lines = ${JSON.stringify(Array.from({ length: 200 }, (_, index) => `line ${index}`))};\n`;
  const file = path.join(dist, ASSET);
  writeFileSync(file, script);
  writeFileSync(`${file}.gz`, gzipSync(script));
  writeFileSync(`${file}.br`, brotliCompressSync(script));
}

/** deploy/nginx.conf with this run's ports and folders; nothing else of it changes. */
function siteConfig(dist: string): string {
  let config = readFileSync(path.resolve('deploy/nginx.conf'), 'utf8');
  const swap = (from: string, to: string) => {
    expect(config, from).toContain(from);
    config = config.replace(from, to);
  };
  swap('server 127.0.0.1:3001 ', `server 127.0.0.1:${ports.app[0]} `);
  swap('server 127.0.0.1:3002 ', `server 127.0.0.1:${ports.app[1]} `);
  swap('server 127.0.0.1:3101;', `server 127.0.0.1:${ports.ops[0]};`);
  swap('server 127.0.0.1:3102;', `server 127.0.0.1:${ports.ops[1]};`);
  swap('    listen 80;\n    listen [::]:80;\n', `    listen 127.0.0.1:${ports.site};\n`);
  swap('listen 127.0.0.1:8081;', `listen 127.0.0.1:${ports.console};`);
  swap('root /srv/exchanger/dist;', `root ${dist};`);
  // Without Debian's brotli module the file says to drop that one line.
  if (!BROTLI) swap('        brotli_static on;\n', '');
  return config;
}

/** nginx's own settings around the site file, as Debian's /etc/nginx/nginx.conf has them, in a private prefix. */
function mainConfig(prefix: string, site: string): string {
  const modules = existsSync('/etc/nginx/modules-enabled') ? 'include /etc/nginx/modules-enabled/*.conf;' : '';
  return `${modules}
worker_processes 1;
pid ${prefix}/nginx.pid;
error_log ${prefix}/error.log warn;
events { worker_connections 256; }
http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  access_log off;
  client_body_temp_path ${prefix}/body;
  proxy_temp_path ${prefix}/proxy;
  fastcgi_temp_path ${prefix}/fastcgi;
  uwsgi_temp_path ${prefix}/uwsgi;
  scgi_temp_path ${prefix}/scgi;
  include ${site};
}
`;
}

function startServer(url: string, index: number, dist: string): ChildProcess {
  const child = spawn(process.execPath, ['server/main.ts'], {
    env: {
      ...process.env,
      DATABASE_URL: url,
      DEMO: '1',
      PORT: String(ports.app[index]),
      OPS_PORT: String(ports.ops[index]),
      TRUST_PROXY: '1',
      PUBLIC_URL: `http://127.0.0.1:${ports.site}`,
      DATA_DIR: path.join(work, `instance-${index}`),
      SKIP_BUILD: '1',
      DIST_DIR: dist,
      LOG_LEVEL: 'error',
      JWT_SECRET: '',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.push(child);
  return child;
}

interface Reply {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

interface RequestOptions {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  /** The client's own address (any of 127.0.0.0/8), which nginx sees as the peer. */
  from?: string;
}

/** One request as a client would send it (node:http: no automatic decompression, headers as sent). */
function request(port: number, target: string, options: RequestOptions = {}): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const { method = 'GET', headers, from } = options;
    const req = http.request({ host: '127.0.0.1', port, path: target, method, headers, localAddress: from }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end(options.body);
  });
}

async function json<T>(port: number, target: string): Promise<T> {
  return JSON.parse((await request(port, target)).body.toString()) as T;
}

beforeAll(async () => {
  if (!NGINX) return;
  ports.app = [await freePort(), await freePort()];
  ports.ops = [await freePort(), await freePort()];
  ports.site = await freePort();
  ports.console = await freePort();
  // nginx's workers run as an unprivileged user: they must read the build and write their temporary folders.
  chmodSync(work, 0o755);
  const dist = path.join(work, 'dist');
  writeBuild(dist);
  const prefix = path.join(work, 'nginx');
  mkdirSync(prefix, { mode: 0o777 });
  chmodSync(prefix, 0o777);
  // Debian's module snippets name their files relative to the prefix (modules/…).
  if (existsSync('/usr/lib/nginx/modules')) symlinkSync('/usr/lib/nginx/modules', path.join(prefix, 'modules'));
  const site = path.join(prefix, 'exchanger.conf');
  writeFileSync(site, siteConfig(dist));
  writeFileSync(path.join(prefix, 'nginx.conf'), mainConfig(prefix, site));

  await admin(`create database "${name}"`);
  const url = new URL(inject('adminUrl'));
  url.pathname = `/${name}`;
  const servers = [startServer(url.toString(), 0, dist), startServer(url.toString(), 1, dist)];
  const check = spawnSync(NGINX, ['-t', '-p', prefix, '-c', path.join(prefix, 'nginx.conf')], { encoding: 'utf8' });
  expect(check.status, check.stderr).toBe(0);
  children.push(
    spawn(NGINX, ['-p', prefix, '-c', path.join(prefix, 'nginx.conf'), '-g', 'daemon off;'], {
      stdio: ['ignore', 'ignore', 'inherit'],
    }),
  );
  await Promise.all(
    servers.map((child, index) =>
      vi.waitFor(
        async () => {
          if (child.exitCode !== null) throw new Error(`instance ${index} exited`);
          expect((await request(ports.app[index]!, '/api/v1/calculator/tech/')).status).toBe(200);
        },
        { timeout: 120_000, interval: 250 },
      ),
    ),
  );
  database = connect(url.toString(), 2);
}, 180_000);

afterAll(async () => {
  await Promise.all(
    children
      .filter((child) => child.exitCode === null)
      .map((child) => {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        return exited;
      }),
  );
  await database?.close();
  if (NGINX) await admin(`drop database if exists "${name}" with (force)`);
  rmSync(work, { recursive: true, force: true });
}, 60_000);

/** A new LTC claim through nginx, from a new e-mail unless told (the open-claim limits count per e-mail). */
async function createClaim(
  headers: Record<string, string> = {},
  from?: string,
  email = `deploy-${randomBytes(4).toString('hex')}@example.com`,
): Promise<Reply> {
  const directions = await json<DirectionsResponse>(ports.site, '/api/v1/calculator/');
  const id = (code: string) => directions.currencies.find((row) => row.code === code)!.id;
  const pair = await json<PairResponse>(ports.site, `/api/v1/calculator/pair/${id('LTC')}/${id('SBERRUB')}/`);
  const requisites = (side: PairResponse['from']) =>
    Object.fromEntries(
      side.structure.input.filter((field) => field.visible).map((field) => [field.name, VALID_REQUISITE[field.check]]),
    );
  return request(ports.site, '/api/v1/claim/', {
    from,
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({
      email,
      fromPs: pair.from.currency.id,
      toPs: pair.to.currency.id,
      fromSumma: pair.from.min ?? '1',
      fromRequisites: requisites(pair.from),
      toRequisites: requisites(pair.to),
      withVerificationCourse: false,
    }),
  });
}

describe.skipIf(!NGINX)('deploy/nginx.conf in front of two instances', () => {
  it('creates a claim and reads its page and data through nginx', async () => {
    const created = await createClaim();
    expect(created.status, created.body.toString()).toBe(201);
    const { uuid } = JSON.parse(created.body.toString()) as { uuid: string };
    const page = await request(ports.site, `/claim/${uuid}`);
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const status = JSON.parse((await request(ports.site, `/api/v1/claim/${uuid}/status/`)).body.toString());
    expect(status).toMatchObject({ status: expect.any(String) });
    const row = await database.db.execute<{ email: string }>(sql`select email from claims where uuid = ${uuid}`);
    expect(row.rows[0]!.email).toMatch(/^deploy-.*@example\.com$/);
  });

  it('the server sees the address nginx saw, never what the client wrote in X-Forwarded-For', async () => {
    // An Idempotency-Key belongs to the client's address: the same key replays for one address only.
    const key = randomBytes(8).toString('hex');
    const send = async (from: string, forwarded: string) => {
      const reply = await createClaim(
        { 'idempotency-key': key, 'x-forwarded-for': forwarded },
        from,
        `${key}@example.com`,
      );
      expect(reply.status, reply.body.toString()).toBe(201);
      return {
        uuid: (JSON.parse(reply.body.toString()) as { uuid: string }).uuid,
        replayed: reply.headers['idempotent-replayed'],
      };
    };
    const first = await send('127.0.0.2', '6.6.6.6');
    // Another forged entry from the same peer: the same client, so the first answer again.
    const forged = await send('127.0.0.2', '7.7.7.7');
    expect(forged).toEqual({ uuid: first.uuid, replayed: 'true' });
    // The same forged entry from another peer: another client, so a claim of its own.
    const other = await send('127.0.0.3', '6.6.6.6');
    expect(other.uuid).not.toBe(first.uuid);
    expect(other.replayed).toBeUndefined();
  });

  it('serves hashed files from disk, precompressed and cached for a year', async () => {
    const gzip = await request(ports.site, ASSET, { headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.status).toBe(200);
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(gzip.headers['content-type']).toMatch(/javascript/);
    if (BROTLI) {
      const brotli = await request(ports.site, ASSET, { headers: { 'accept-encoding': 'br, gzip' } });
      expect(brotli.headers['content-encoding']).toBe('br');
      expect(brotli.body.equals(readFileSync(path.join(work, 'dist', `${ASSET}.br`)))).toBe(true);
    }
    const plain = await request(ports.site, ASSET);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await request(ports.site, '/assets/missing-0000.js')).status).toBe(404);
  });

  it("streams a claim's live events without buffering", async () => {
    const created = await createClaim();
    expect(created.status, created.body.toString()).toBe(201);
    const { uuid } = JSON.parse(created.body.toString()) as { uuid: string };
    const first = await new Promise<{ type: string | undefined; chunk: string }>((resolve, reject) => {
      const req = http.get({ host: '127.0.0.1', port: ports.site, path: `/api/v1/claim/${uuid}/events/` }, (res) => {
        res.once('data', (chunk: Buffer) => {
          resolve({ type: res.headers['content-type'], chunk: chunk.toString() });
          req.destroy();
        });
      });
      req.on('error', reject);
    });
    expect(first.type).toMatch(/^text\/event-stream/);
    expect(first.chunk).toContain(': open');
  });

  it('keeps the console off the public server and serves it on the local one', async () => {
    for (const target of ['/ops/', '/ops', '/ops-api/v1/auth/me/', '/ops-api/en/v1/auth/me/']) {
      expect((await request(ports.site, target)).status, target).toBe(404);
    }
    // Straight to an instance's public port, past nginx: 404 there too (OPS_PORT).
    expect((await request(ports.app[0]!, '/ops-api/v1/auth/me/')).status).toBe(404);
    expect((await request(ports.console, '/ops-api/v1/auth/me/')).status).toBe(401);
    const page = await request(ports.console, '/ops/');
    expect(page.status).toBe(200);
    expect(page.headers['content-security-policy']).not.toMatch(/https?:|wss:/);
  });
});
