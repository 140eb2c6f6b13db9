// The backup and restore an operator runs: the archive (archive.ts) and what a restore must not undo (handedOut.ts).
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Db } from '../db/index.ts';
import { applyMigrations } from '../db/migrate.ts';
import type { Actor } from '../backoffice/audit.ts';
import { BackupError, otherConnections, restoreArchive } from './archive.ts';
import { readHandedOut, reapplyHandedOut, type Reapplied } from './handedOut.ts';

export interface RestoreOptions {
  /**
   * How many deposit addresses per coin (and indexes per key) may have been handed out since the backup when the
   * replaced database cannot be read; null: none given (then such a restore is refused).
   */
  skip: number | null;
  /** Restore although other clients are connected (they see their tables replaced under them). */
  force: boolean;
}

export interface RestoreReport extends Reapplied {
  entries: number;
  /** Whether the database being replaced was read for what it had handed out. */
  replacedDatabaseRead: boolean;
}

/**
 * Replaces the database with a backup, then hands out nothing the replaced database had handed out (its addresses
 * retired, each key's next index kept, `skip` more on top) and ends every session and mail link of the backup.
 */
export async function restoreDatabase(
  db: Db,
  url: string,
  file: string,
  options: RestoreOptions,
  actor: Actor,
): Promise<RestoreReport> {
  if (!existsSync(file)) throw new BackupError(`no such file: ${file}`);
  const others = await otherConnections(url);
  if (others > 0 && !options.force) {
    throw new BackupError(
      `${others} other connection(s) to this database are open: stop every server instance first ` +
        `(systemctl stop 'exchanger@*'), or pass --force`,
    );
  }
  const live = await readHandedOut(db);
  if (live === null && options.skip === null) {
    throw new BackupError(
      'the database being replaced holds no exchanger data, so what it handed out after the backup cannot be read: ' +
        'pass --skip N, at least the deposit addresses any one coin may have handed out since the backup was taken ' +
        '(N free pool addresses of every coin are retired and every key moves N indexes ahead)',
    );
  }
  const { entries } = await restoreArchive(url, file);
  await applyMigrations(db);
  const reapplied = await reapplyHandedOut(db, actor, live, options.skip ?? 0, path.basename(file));
  return { ...reapplied, entries, replacedDatabaseRead: live !== null };
}
