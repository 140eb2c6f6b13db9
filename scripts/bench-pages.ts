// `npm run bench:pages`: what a server-rendered page costs the server beside a bare route of the same server
// (GET /api/v1/calculator/tech/: routing and the middleware, a 36-byte JSON) and a static file of the same server
// (GET /favicon.svg, precompressed: what the server does at its cheapest). The routes are loaded in turn,
// several rounds, and each is reported as the median of its rounds: requests per second (autocannon, 20
// connections, gzip accepted like a browser) and the server process's CPU time per request (from
// /proc/<pid>/stat), which holds still when other work loads the machine while requests per second do not.
// Targets: GET / at ≥ 50 % of the bare route's throughput and ≥ 60 % of the static file's. Requests per second
// also count the benchmark's own client, which reads each page's ~9 kB (gzip) against the file's 249 bytes; the CPU
// ratios ("CPU n % of ... throughput": the other route's CPU per request over this one's) are the server's alone.
// A measurement: it prints, it does not fail.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildIfStale } from '../server/build.ts';
import { freePort } from '../server/db/embedded.ts';
import { startBenchServer } from './benchServer.ts';

interface Result {
  requests: { average: number; total: number };
  non2xx: number;
}
const autocannon = createRequire(import.meta.url)('autocannon') as (options: {
  url: string;
  connections: number;
  duration: number;
  headers?: Record<string, string>;
}) => Promise<Result>;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const distDir = path.resolve(root, process.env.DIST_DIR ?? 'dist');
const seconds = Number(process.env.BENCH_SECONDS ?? 4);
const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
const BARE = '/api/v1/calculator/tech/';
const STATIC = '/favicon.svg';
const PAGES = ['/', '/en', '/rules'];
const BROWSER = { 'accept-encoding': 'gzip, deflate, br' };
const CLOCK_TICKS_PER_SECOND = 100;

/** CPU seconds (user + system) the process has used, or null where /proc is missing. */
function cpuSeconds(pid: number): number | null {
  const stat = `/proc/${pid}/stat`;
  if (!existsSync(stat)) return null;
  // utime and stime are the 14th and 15th fields, counted in clock ticks (100 a second on Linux); fields are
  // counted after the command name, which may hold spaces.
  const line = readFileSync(stat, 'utf8');
  const fields = line.slice(line.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

async function main(): Promise<void> {
  buildIfStale(root, distDir);
  const port = await freePort();
  const dataDir = path.resolve(root, `test-data/bench-pages-${process.pid}`);
  const server = await startBenchServer(port, dataDir, { DIST_DIR: distDir });
  try {
    const base = `http://127.0.0.1:${port}`;
    const routes = [BARE, STATIC, ...PAGES];
    // Warm-up: JIT, the first rendering of each page.
    for (const route of routes) await autocannon({ url: base + route, connections: 10, duration: 1, headers: BROWSER });
    const perSecond = new Map<string, number[]>(routes.map((route) => [route, []]));
    const cpuPerRequest = new Map<string, number[]>(routes.map((route) => [route, []]));
    for (let round = 0; round < rounds; round += 1) {
      for (const route of routes) {
        const before = cpuSeconds(server.pid!);
        const result = await autocannon({ url: base + route, connections: 20, duration: seconds, headers: BROWSER });
        const after = cpuSeconds(server.pid!);
        if (result.non2xx > 0) throw new Error(`${route}: ${result.non2xx} answers were not 2xx`);
        perSecond.get(route)!.push(result.requests.average);
        if (before !== null && after !== null) cpuPerRequest.get(route)!.push(((after - before) * 1e6) / result.requests.total);
      }
    }
    const bare = median(perSecond.get(BARE)!);
    const bareCpu = cpuPerRequest.get(BARE)!.length ? median(cpuPerRequest.get(BARE)!) : null;
    const staticFile = median(perSecond.get(STATIC)!);
    const staticCpu = cpuPerRequest.get(STATIC)!.length ? median(cpuPerRequest.get(STATIC)!) : null;
    console.log(`load average ${loadavg().map((value) => value.toFixed(1)).join(' ')}; ${rounds} rounds of ${seconds} s per route, medians`);
    for (const route of routes) {
      const rps = median(perSecond.get(route)!);
      const cpu = cpuPerRequest.get(route)!.length ? median(cpuPerRequest.get(route)!) : null;
      const ofStatic = route === STATIC ? '' : `, ${((rps / staticFile) * 100).toFixed(0)} % of the static file`;
      const cpuOfStatic = route !== STATIC && staticCpu && cpu ? `; CPU ${((staticCpu / cpu) * 100).toFixed(0)} % of the static file's throughput` : '';
      const share =
        route === BARE
          ? `${ofStatic}${cpuOfStatic}`
          : ` = ${((rps / bare) * 100).toFixed(0)} % of bare${ofStatic}${bareCpu && cpu ? `, CPU ${((bareCpu / cpu) * 100).toFixed(0)} % of bare's throughput` : ''}${cpuOfStatic}`;
      console.log(`${route.padEnd(26)} ${rps.toFixed(0).padStart(6)} req/s${cpu === null ? '' : `, ${cpu.toFixed(0)} µs CPU/request`}${share}`);
    }
  } finally {
    await new Promise<void>((resolve) => {
      if (server.exitCode !== null) return resolve();
      server.once('exit', () => resolve());
      // The server stops its own PostgreSQL on SIGTERM.
      server.kill('SIGTERM');
    });
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
