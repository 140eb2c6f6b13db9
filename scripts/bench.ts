// `npm run bench`: load figures of the real server (built app, own data folder, free port) with autocannon,
// plus the gzip size of the home route's first-load JavaScript. A measurement, not a test: it prints, it
// does not fail. Targets: course ≥ 50 % of a bare static file's req/s; claim p99 ≤ 50 ms at 200 req/s.
import { spawnSync, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism, loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildIfStale } from '../server/build.ts';
import { freePort } from '../server/db/embedded.ts';
import { MAX_IMPORT_LINES } from '../server/payments/addressPool.ts';
import { demoAddresses } from '../server/seed/demoAddresses.ts';
import { BUDGET_KB, homeFirstLoad } from './size-budget.ts';
import { startBenchServer } from './benchServer.ts';

interface Result {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number; average: number };
  non2xx: number;
  errors: number;
}
type Request = { method?: string; path?: string; headers?: Record<string, string>; body?: string };
type Options = {
  url: string;
  requests?: { setupRequest: (request: Request) => Request }[];
  connections?: number;
  duration?: number;
  method?: string;
  body?: string;
  headers?: Record<string, string>;
  overallRate?: number;
};
const autocannon = createRequire(import.meta.url)('autocannon') as (options: Options) => Promise<Result>;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const distDir = path.resolve(root, process.env.DIST_DIR ?? 'dist');
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
/** Parts of MAX_IMPORT_LINES deposit addresses loaded for the claim runs (100 000 claims at most). */
const BENCH_POOL_PARTS = 2;

function startServer(port: number, dataDir: string): Promise<ChildProcess> {
  return startBenchServer(port, dataDir, { DIST_DIR: distDir });
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => setTimeout(resolve, 1500));
    // The server stops its own PostgreSQL on SIGTERM.
    process.kill(child.pid!, 'SIGTERM');
  });
}

/** Lets the server finish what the previous load run left in flight. */
function settle(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 500));
}

async function main(): Promise<void> {
  buildIfStale(root, distDir);
  const port = await freePort();
  const dataDir = path.resolve(root, `test-data/bench-${process.pid}`);
  console.log(`starting the server on port ${port} (data in ${path.relative(root, dataDir)})…`);
  const server = await startServer(port, dataDir);
  const base = `http://127.0.0.1:${port}`;
  // The CLI audits its changes under an operator: the bench creates one (the first needs no name) and acts as it.
  const operator = 'bench-ops@example.com';
  const created = spawnSync(process.execPath, ['server/ops/cli.ts', 'operators', 'create', operator, '--password', 'bench-pass-1'], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, OPS_AS: '' },
    encoding: 'utf8',
  });
  if (created.status !== 0) throw new Error(`creating the bench operator failed: ${created.stdout}${created.stderr}`);
  // Every open claim holds its payout: thousands of claims need a reserve far above the demo one.
  const raised = spawnSync(
    process.execPath,
    ['server/ops/cli.ts', 'reserves', 'set', 'SBERRUB', '1000000000000'],
    {
      cwd: root,
      env: { ...process.env, DATA_DIR: dataDir, OPS_AS: operator },
      encoding: 'utf8',
    },
  );
  if (raised.status !== 0) throw new Error(`raising the bench reserve failed: ${raised.stdout}${raised.stderr}`);
  // Each claim takes a deposit address of its own, never reused: load a pool for every claim the runs can make.
  for (let part = 0; part < BENCH_POOL_PARTS; part += 1) {
    const file = path.join(dataDir, `pool-${part}.txt`);
    writeFileSync(file, demoAddresses('trc20', 'BENCH', MAX_IMPORT_LINES, part * MAX_IMPORT_LINES).join('\n'));
    const loaded = spawnSync(process.execPath, ['server/ops/cli.ts', 'addresses', 'import', 'USDTTRC20', file], {
      cwd: root,
      env: { ...process.env, DATA_DIR: dataDir, OPS_AS: operator },
      encoding: 'utf8',
    });
    if (loaded.status !== 0) throw new Error(`loading the bench address pool failed: ${loaded.stdout}${loaded.stderr}`);
  }
  try {
    const directions = (await (await fetch(`${base}/api/v1/calculator/`)).json()) as {
      currencies: { id: number; code: string }[];
    };
    const id = (code: string) => directions.currencies.find((row) => row.code === code)!.id;
    const [usdt, sber, btc] = [id('USDTTRC20'), id('SBERRUB'), id('BTC')];
    const staticPath = existsSync(path.join(distDir, 'robots.txt')) ? '/robots.txt' : '/favicon.svg';

    // Warm-up: JIT, caches, connection pools.
    await autocannon({ url: `${base}/api/v1/calculator/course/${btc}/${sber}/`, connections: 10, duration: 1 });
    await autocannon({ url: base + staticPath, connections: 10, duration: 1 });

    const bare = await autocannon({ url: base + staticPath, connections: 20, duration: seconds });
    const course = await autocannon({
      url: `${base}/api/v1/calculator/course/${btc}/${sber}/`,
      connections: 20,
      duration: seconds,
    });
    // The server-rendered home (a browser asks for it gzipped); its first rendering is not what is measured.
    const gzip = { 'accept-encoding': 'gzip' };
    await autocannon({ url: `${base}/`, headers: gzip, connections: 10, duration: 1 });
    const home = await autocannon({ url: `${base}/`, headers: gzip, connections: 20, duration: seconds });

    const pair = (await (await fetch(`${base}/api/v1/calculator/pair/${usdt}/${sber}/`)).json()) as {
      to: { structure: { input: { name: string }[] } };
    };
    const toRequisites: Record<string, string> = {};
    for (const field of pair.to.structure.input)
      toRequisites[field.name] = field.name === 'card' ? '4276381260441970' : 'Ivan Petrov';
    const body = JSON.stringify({
      email: 'bench@example.com',
      fromPs: usdt,
      toPs: sber,
      fromSumma: '100',
      fromRequisites: {},
      toRequisites,
      withVerificationCourse: false,
    });
    // Warm-up of the measured path itself (validation, money maths, SQL building, the pg driver): V8 needs a
    // couple of thousand claims to optimise it; the first thousand of a fresh process cost about twice the CPU
    // of later ones, so without this the figure below measured the JIT rather than the server.
    await autocannon({
      url: `${base}/api/v1/claim/`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
      connections: 20,
      duration: 2,
    });
    // autocannon stops on time with requests in flight; the server finishes them after it has returned.
    // Without a pause the first requests measured queued behind those leftovers.
    await settle();
    const claims = await autocannon({
      url: `${base}/api/v1/claim/`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
      connections: 20,
      overallRate: 200,
      duration: seconds,
    });

    // The same rate, each request with its own Idempotency-Key: the key row is taken and answered in the claim's
    // transaction (every claim also takes its hold from the one SBERRUB reserve row).
    await settle();
    const keyed = await autocannon({
      url: `${base}/api/v1/claim/`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
      requests: [
        {
          setupRequest: (request) => ({ ...request, headers: { ...request.headers, 'idempotency-key': randomUUID() } }),
        },
      ],
      connections: 20,
      overallRate: 200,
      duration: seconds,
    });
    // Retries of one key: each answers the first claim again (no new claim, no hold).
    await settle();
    const replayKey = randomUUID();
    const replays = await autocannon({
      url: `${base}/api/v1/claim/`,
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': replayKey },
      body,
      connections: 20,
      overallRate: 200,
      duration: seconds,
    });

    // The same request one at a time: what a single claim costs when nothing queues.
    await settle();
    const alone = await autocannon({
      url: `${base}/api/v1/claim/`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
      connections: 1,
      overallRate: 20,
      duration: 3,
    });

    const ratio = course.requests.average / bare.requests.average;
    console.log('\n== API and static throughput (20 connections, %d s each)', seconds);
    console.log(`bare static ${staticPath}: ${bare.requests.average.toFixed(0)} req/s, p99 ${bare.latency.p99} ms`);
    console.log(
      `GET course/{from}/{to}/: ${course.requests.average.toFixed(0)} req/s, p99 ${course.latency.p99} ms (${course.non2xx} non-2xx)`,
    );
    console.log(
      `course / bare = ${(ratio * 100).toFixed(0)} % (target ≥ 50 %) ${ratio >= 0.5 ? 'OK' : 'BELOW TARGET'}`,
    );
    const homeRatio = home.requests.average / bare.requests.average;
    console.log(
      `GET / (server-rendered, gzip): ${home.requests.average.toFixed(0)} req/s, p99 ${home.latency.p99} ms (${home.non2xx} non-2xx); / bare = ${(homeRatio * 100).toFixed(0)} % (target ≥ 50 %) ${homeRatio >= 0.5 ? 'OK' : 'BELOW TARGET'}`,
    );
    console.log('\n== Claim creation at a fixed 200 req/s');
    console.log(
      `POST claim/: ${claims.requests.total} requests, ${claims.requests.average.toFixed(0)} req/s, p50 ${claims.latency.p50} ms, p99 ${claims.latency.p99} ms, ${claims.non2xx} non-2xx, ${claims.errors} errors (target p99 ≤ 50 ms) ${claims.latency.p99 <= 50 ? 'OK' : 'ABOVE TARGET'}`,
    );
    console.log(
      `POST claim/ with a new Idempotency-Key each: ${keyed.requests.total} requests, p50 ${keyed.latency.p50} ms, p99 ${keyed.latency.p99} ms, ${keyed.non2xx} non-2xx, ${keyed.errors} errors`,
    );
    console.log(
      `POST claim/ replaying one Idempotency-Key: ${replays.requests.total} requests, p50 ${replays.latency.p50} ms, p99 ${replays.latency.p99} ms, ${replays.non2xx} non-2xx, ${replays.errors} errors`,
    );
    console.log(
      `POST claim/ one at a time (20 req/s, 1 connection): p50 ${alone.latency.p50} ms, p99 ${alone.latency.p99} ms`,
    );
    console.log(
      `\n(load average while measuring: ${loadavg()
        .map((value) => value.toFixed(1))
        .join(' ')} on ${availableParallelism()} cores)`,
    );
  } finally {
    await stop(server);
    rmSync(dataDir, { recursive: true, force: true });
  }

  console.log('\n== Home route first-load JavaScript (the size budget of npm test)');
  if (!existsSync(path.join(distDir, '.vite', 'manifest.json'))) console.log(`no manifest in ${distDir}/.vite`);
  else {
    const { files, totalKb } = homeFirstLoad(distDir);
    console.log(`${files.size} file(s), ${totalKb} kB gzip (budget ${BUDGET_KB} kB) — ${[...files.keys()].join(', ')}`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
