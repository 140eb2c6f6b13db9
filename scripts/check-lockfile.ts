// `npx tsx scripts/check-lockfile.ts`: every package the lockfile names as a dependency has an entry of its own.
// `npm ci` refuses a lock where, say, an optional platform binary is named but was never resolved (the registry
// lacked it), and it does so before any test runs; this finds the same hole in a second, locally.
import { readFileSync } from 'node:fs';

/** The part of a lockfile (v2/v3 `packages` map) the check reads. */
export interface LockEntry {
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  link?: boolean;
}

export interface Lockfile {
  packages?: Record<string, LockEntry>;
}

/** A dependency named by `from` (a lock path, '' for the project) that no lock entry provides. */
export interface MissingEntry {
  from: string;
  name: string;
  kind: 'dependencies' | 'optionalDependencies' | 'devDependencies';
}

/**
 * Where node would find `name` from the package at `from`: its own node_modules first, then each enclosing
 * package's, up to the project's. Returns the first lock path that exists, or undefined.
 */
export function resolveInLock(packages: Record<string, LockEntry>, from: string, name: string): string | undefined {
  let base = from;
  for (;;) {
    const candidate = base === '' ? `node_modules/${name}` : `${base}/node_modules/${name}`;
    if (candidate in packages) return candidate;
    if (base === '') return undefined;
    const parent = base.lastIndexOf('/node_modules/');
    base = parent === -1 ? '' : base.slice(0, parent);
  }
}

/** Every dependency of every entry that resolves to no entry. Dev dependencies count for the project only. */
export function missingLockEntries(lock: Lockfile): MissingEntry[] {
  const packages = lock.packages ?? {};
  const missing: MissingEntry[] = [];
  for (const [from, entry] of Object.entries(packages)) {
    // A link's dependencies are listed on the entry of the folder it points to.
    if (entry.link) continue;
    const kinds =
      from === ''
        ? (['dependencies', 'optionalDependencies', 'devDependencies'] as const)
        : (['dependencies', 'optionalDependencies'] as const);
    for (const kind of kinds) {
      for (const name of Object.keys(entry[kind] ?? {})) {
        if (!resolveInLock(packages, from, name)) missing.push({ from, name, kind });
      }
    }
  }
  return missing;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as Lockfile;
  if (!lock.packages) {
    console.error('package-lock.json has no "packages" map (lockfileVersion 2 or 3 expected).');
    process.exit(1);
  }
  const missing = missingLockEntries(lock);
  for (const { from, name, kind } of missing) {
    console.error(`${from || 'the project'} names ${name} in ${kind}, but the lock has no entry for it`);
  }
  if (missing.length > 0) {
    console.error(`\n${missing.length} dependency(ies) without a lock entry: npm ci would refuse this lockfile.`);
    process.exit(1);
  }
  console.log(`package-lock.json: all dependencies of ${Object.keys(lock.packages).length} entries resolve.`);
}
