// `npm run bench:throttle`: what keeping rate limits and sign-in throttles in PostgreSQL costs per request. Runs
// its own PostgreSQL, then measures the statements of the hot path: a rate-limit hit (one upsert), taking a
// sign-in attempt (a two-row upsert and the account's conditional upsert) and a success giving its attempt back:
// latency one at a time and throughput with 20 in flight (the server's pool size). A measurement: it prints.
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loginSucceeded, takeLoginAttempt } from '../server/auth/loginThrottle.ts';
import { startEmbeddedPostgres } from '../server/db/embedded.ts';
import { connect, SERVER_POOL_SIZE, warmPool } from '../server/db/index.ts';
import { applyMigrations } from '../server/db/migrate.ts';
import { setLogLevel } from '../server/log.ts';
import { addHits } from '../server/shared/rateLimitWindows.ts';

const SAMPLES = Number(process.env.BENCH_THROTTLE_SAMPLES ?? 2000);
const CONCURRENCY = SERVER_POOL_SIZE;

function percentile(sorted: number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))]!;
}

/** p50 and p99 in ms of SAMPLES sequential calls, and calls per second with CONCURRENCY of them in flight. */
async function measure(work: (index: number) => Promise<unknown>): Promise<string> {
  for (let index = 0; index < 100; index += 1) await work(index);
  const times: number[] = [];
  for (let index = 0; index < SAMPLES; index += 1) {
    const started = performance.now();
    await work(index);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < SAMPLES * 2) await work(next++);
    }),
  );
  const perSecond = (SAMPLES * 2) / ((performance.now() - started) / 1000);
  return `p50 ${percentile(times, 0.5).toFixed(2)} ms, p99 ${percentile(times, 0.99).toFixed(2)} ms, ${Math.round(perSecond)}/s with ${CONCURRENCY} in flight`;
}

async function main(): Promise<void> {
  setLogLevel('warn');
  const dataDir = path.join(os.tmpdir(), `exchanger-bench-throttle-${randomBytes(4).toString('hex')}`);
  const cluster = await startEmbeddedPostgres(dataDir, { fresh: true });
  const database = connect(cluster.url, SERVER_POOL_SIZE);
  try {
    await applyMigrations(database.db);
    await warmPool(database.pool, SERVER_POOL_SIZE);
    const db = database.db;
    // A crowd of clients: each call comes from one of 1,000 addresses against one of 1,000 accounts.
    const ip = (index: number) => `10.0.${(index >> 8) & 3}.${index & 255}`;
    const email = (index: number) => `user${index % 1000}@bench.local`;
    const options = { scale: 1, captcha: false, realm: 'site' as const };
    console.log(`rate-limit hit (upsert):        ${await measure((index) => addHits(db, `bench|${ip(index)}`, 60))}`);
    console.log(`sign-in attempt (upserts):       ${await measure((index) => takeLoginAttempt(db, ip(index), email(index), options))}`);
    console.log(`sign-in success (give back):     ${await measure((index) => loginSucceeded(db, ip(index), email(index), 'site'))}`);
  } finally {
    await database.close();
    await cluster.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
