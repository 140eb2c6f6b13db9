// Backup and restore of the whole database with PostgreSQL's own programs: pg_dump's custom format, restored by
// pg_restore through psql in one transaction (the old contents are dropped in that same transaction, so a failed
// restore changes nothing). What a restore must not bring back is handled around it (handedOut.ts).
import { spawn } from 'node:child_process';
import { existsSync, renameSync, rmSync, statSync } from 'node:fs';
import pg from 'pg';
import { findTool, type FoundTool } from './pgTools.ts';

/** A refusal of backup or restore with its reason (the CLI prints it and exits 1). */
export class BackupError extends Error {}

/** The connection of a client program: the URL without its password, which goes in PGPASSWORD (not on `ps`). */
function connection(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return { dbname: parsed.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

interface Run {
  code: number | null;
  stderr: string;
}

function finished(child: ReturnType<typeof spawn>): Promise<Run> {
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stderr: stderr.trim() }));
  });
}

async function query<T extends pg.QueryResultRow>(url: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text)).rows;
  } finally {
    await client.end();
  }
}

/** The server's major version (18 for 18.4). */
export async function serverMajor(url: string): Promise<number> {
  const [row] = await query<{ version: string }>(url, "select current_setting('server_version_num') as version");
  return Math.floor(Number(row!.version) / 10000);
}

/** What an archive holds: `pg_restore --list` (which also proves the file is a readable custom-format archive). */
async function archiveEntries(restore: FoundTool, file: string): Promise<number> {
  const child = spawn(restore.path, ['--list', file], { stdio: ['ignore', 'pipe', 'pipe'] });
  let listing = '';
  child.stdout.on('data', (chunk: Buffer) => (listing += chunk.toString()));
  const run = await finished(child);
  if (run.code !== 0) throw new BackupError(`${file} is not a backup pg_restore can read: ${run.stderr}`);
  return listing.split('\n').filter((line) => /^\d+;/.test(line)).length;
}

export interface BackupResult {
  file: string;
  bytes: number;
  entries: number;
  serverMajor: number;
  tool: FoundTool;
}

/** Writes the database to `file` in pg_dump's custom format (through a temporary name, so a failed run leaves no file). */
export async function backupDatabase(url: string, file: string): Promise<BackupResult> {
  const major = await serverMajor(url);
  const dump = findTool('pg_dump', major);
  const restore = findTool('pg_restore', major);
  const { dbname, env } = connection(url);
  const partial = `${file}.partial`;
  const run = await finished(
    spawn(dump.path, ['--format=custom', '--no-owner', '--no-acl', `--file=${partial}`, `--dbname=${dbname}`], {
      env,
      stdio: ['ignore', 'ignore', 'pipe'],
    }),
  );
  if (run.code !== 0) {
    rmSync(partial, { force: true });
    throw new BackupError(`pg_dump failed: ${run.stderr}`);
  }
  const entries = await archiveEntries(restore, partial);
  renameSync(partial, file);
  return { file, bytes: statSync(file).size, entries, serverMajor: major, tool: dump };
}

/** Client connections to this database other than the asking one (running servers, consoles, other tools). */
export async function otherConnections(url: string): Promise<number> {
  const [row] = await query<{ n: number }>(
    url,
    `select count(*)::int as n from pg_stat_activity
     where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'`,
  );
  return row!.n;
}

/** Drops what the database holds, in the same transaction as the archive's contents arrive. */
const EMPTY_DATABASE = `
drop schema if exists drizzle cascade;
drop schema public cascade;
create schema public;
`;

/**
 * Replaces the database's contents with the archive's, all in one transaction: pg_restore writes the archive as
 * SQL, psql runs it after the drop with ON_ERROR_STOP, and any error rolls everything back.
 */
export async function restoreArchive(url: string, file: string): Promise<{ entries: number; tool: FoundTool }> {
  if (!existsSync(file)) throw new BackupError(`no such file: ${file}`);
  const major = await serverMajor(url);
  const restore = findTool('pg_restore', major);
  const psql = findTool('psql', major);
  const entries = await archiveEntries(restore, file);
  const { dbname, env } = connection(url);
  const script = spawn(restore.path, ['--no-owner', '--no-acl', '--file=-', file], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const runner = spawn(
    psql.path,
    ['--no-psqlrc', '--quiet', '--single-transaction', '--set=ON_ERROR_STOP=1', `--dbname=${dbname}`],
    { env, stdio: ['pipe', 'ignore', 'pipe'] },
  );
  runner.stdin.write(EMPTY_DATABASE);
  script.stdout.pipe(runner.stdin);
  const [written, ran] = await Promise.all([finished(script), finished(runner)]);
  if (written.code !== 0) throw new BackupError(`pg_restore failed, nothing was changed: ${written.stderr}`);
  if (ran.code !== 0)
    throw new BackupError(`the restore failed and was rolled back, nothing was changed: ${ran.stderr}`);
  return { entries, tool: restore };
}
