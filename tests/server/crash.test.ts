// A killed server loses no acknowledged claim: the real server process (with its embedded PostgreSQL) is
// killed with SIGKILL right after answering 201, restarted on the same data folder, and asked for the claims.
// The operator CLI then works beside the running server through DATA_DIR. A SIGTERM lets the requests in flight
// finish before the database closes.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { promisify } from 'node:util';
import { rmSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { DirectionsResponse, PairResponse } from '../../src/api/schemas/calculator.ts';
import { VALID_REQUISITE } from './support/claims.ts';

const dataDir = path.resolve(`test-data/server-crash-${process.pid}`);
let server: ChildProcess | null = null;
/** Every server started, so a failed start is still cleaned up. */
const started: ChildProcess[] = [];

function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

async function pickPort(): Promise<number> {
  // 4190 is on fetch's list of blocked ports (sieve), so the range starts one above.
  for (let port = 4191; port <= 4199; port += 1) if (await portFree(port)) return port;
  throw new Error('no free port in 4191–4199');
}

async function startServer(port: number, fresh: boolean): Promise<ChildProcess> {
  // Its own process group, so SIGKILL takes the server and its PostgreSQL down together, like a crash.
  const child = spawn(process.execPath, ['server/main.ts'], {
    env: {
      ...process.env,
      // Always the embedded default, also when the suite runs against DATABASE_URL: the crash takes both down.
      DATABASE_URL: '',
      PORT: String(port),
      DATA_DIR: dataDir,
      FRESH_DATA: fresh ? '1' : '0',
      SKIP_BUILD: '1',
      DIST_DIR: path.join(dataDir, 'no-dist'),
      LOG_LEVEL: 'warn',
      RATE_LIMIT_SCALE: '0',
    },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.push(child);
  let errors = '';
  const keep = (chunk: Buffer) => (errors = (errors + chunk.toString()).slice(-4000));
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  let last = '';
  const until = Date.now() + 120_000;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`server exited: ${errors}`);
    try {
      const reply = await fetch(`http://127.0.0.1:${port}/api/v1/calculator/tech/`, {
        signal: AbortSignal.timeout(5000),
      });
      if (reply.ok) return child;
      last = `status ${reply.status}`;
    } catch (error) {
      last = String((error as Error).cause ?? error); // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`server did not start (${last}): ${errors}`);
}

function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  try {
    process.kill(-child.pid!, signal);
  } catch {
    // already gone
  }
}

async function waitExit(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  await new Promise((resolve) => child.once('exit', resolve));
}

afterAll(async () => {
  for (const child of started) {
    killGroup(child, 'SIGTERM');
    await waitExit(child);
  }
  // The group's PostgreSQL finishes its fast shutdown just after the server exits.
  await new Promise((resolve) => setTimeout(resolve, 1500));
  rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

async function claimPayload(base: string): Promise<Record<string, unknown>> {
  const directions = (await (await fetch(`${base}/api/v1/calculator/`)).json()) as DirectionsResponse;
  const btc = directions.currencies.find((row) => row.code === 'BTC')!;
  const sber = directions.currencies.find((row) => row.code === 'SBERRUB')!;
  const pair = (await (await fetch(`${base}/api/v1/calculator/pair/${btc.id}/${sber.id}/`)).json()) as PairResponse;
  const requisites = (side: PairResponse['from']) =>
    Object.fromEntries(side.structure.input.map((field) => [field.name, VALID_REQUISITE[field.check]]));
  return {
    email: 'crash@example.com',
    fromPs: btc.id,
    toPs: sber.id,
    fromSumma: '0.01',
    fromRequisites: requisites(pair.from),
    toRequisites: requisites(pair.to),
    withVerificationCourse: false,
  };
}

describe('crash safety', () => {
  it('keeps every acknowledged claim through a SIGKILL of the server and its database', async () => {
    const port = await pickPort();
    const base = `http://127.0.0.1:${port}`;
    server = await startServer(port, true);
    const payload = await claimPayload(base);

    const acknowledged: string[] = [];
    let killed = false;
    const crashing = server;
    await Promise.allSettled(
      Array.from({ length: 12 }, async () => {
        const reply = await fetch(`${base}/api/v1/claim/`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(payload),
        });
        const body = (await reply.json()) as { uuid: string };
        if (reply.status === 201) {
          acknowledged.push(body.uuid);
          if (!killed) {
            killed = true;
            killGroup(crashing, 'SIGKILL');
          }
        }
      }),
    );
    await waitExit(crashing);
    expect(acknowledged.length).toBeGreaterThanOrEqual(1);

    server = await startServer(port, false);
    for (const uuid of acknowledged) {
      const reply = await fetch(`${base}/api/v1/claim/${uuid}/status/`);
      expect(reply.status, uuid).toBe(200);
      expect(((await reply.json()) as { status: string }).status).toBe('awaiting_payment');
    }

    // The operator CLI reaches the running server's embedded cluster through DATA_DIR.
    const uuid = acknowledged[0]!;
    // Run asynchronously: a synchronous wait longer than the server's keep-alive timeout left fetch a pooled
    // socket the server had already closed ("other side closed").
    const cliEnv = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', OPS_AS: 'crash-ops@example.com' };
    // The first operator is created without naming one (there is none yet); the move is audited under it.
    await promisify(execFile)(process.execPath, ['server/ops/cli.ts', 'operators', 'create', cliEnv.OPS_AS, '--password', 'operator-pass-1'], {
      env: { ...cliEnv, OPS_AS: '' },
      encoding: 'utf8',
    });
    const cli = await promisify(execFile)(process.execPath, ['server/ops/cli.ts', 'claims', 'move', uuid, 'paid'], {
      env: cliEnv,
      encoding: 'utf8',
    });
    expect(cli.stdout).toContain('→ paid');
    const status = (await (await fetch(`${base}/api/v1/claim/${uuid}/status/`)).json()) as { status: string };
    expect(status.status).toBe('paid');
  }, 300_000);

  it('answers every request in flight before stopping on SIGTERM, then keeps the claims', async () => {
    if (server) {
      killGroup(server, 'SIGTERM');
      await waitExit(server);
    }
    const port = await pickPort();
    const base = `http://127.0.0.1:${port}`;
    server = await startServer(port, false);
    const payload = await claimPayload(base);

    const stopping = server;
    let signalled = false;
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, async () => {
        const reply = await fetch(`${base}/api/v1/claim/`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(payload),
        }).catch(() => null); // not taken in: the server had stopped accepting connections
        if (reply?.status === 201 && !signalled) {
          signalled = true;
          process.kill(stopping.pid!, 'SIGTERM');
        }
        return reply ? { status: reply.status, uuid: ((await reply.json()) as { uuid?: string }).uuid } : null;
      }),
    );
    await waitExit(stopping);
    expect(signalled).toBe(true);
    const answered = outcomes.filter((outcome) => outcome !== null);
    expect(answered.filter((outcome) => outcome.status !== 201)).toEqual([]);

    server = await startServer(port, false);
    for (const { uuid } of answered) {
      expect((await fetch(`${base}/api/v1/claim/${uuid}/status/`)).status, uuid).toBe(200);
    }
  }, 300_000);
});
