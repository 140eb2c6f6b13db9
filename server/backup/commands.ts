// `npm run ops -- backup FILE` and `npm run ops -- restore FILE [--skip N] [--force]`.
import path from 'node:path';
import { CLI_ACTOR } from '../backoffice/audit.ts';
import type { OpsContext } from '../ops/commands.ts';
import { backupDatabase, BackupError } from './archive.ts';
import { MissingToolError } from './pgTools.ts';
import { restoreDatabase } from './service.ts';

export const BACKUP_HELP = `  backup <FILE>                                      the whole database, pg_dump custom format
  restore <FILE> [--skip <n>] [--force]              replace the database with a backup (servers stopped):
                                                     addresses handed out since are retired, every session
                                                     and mail link ends; --skip when the old database is gone`;

type BackupContext = OpsContext & { usage: (message: string) => never };

function restoreOptions(ctx: BackupContext, args: string[]): { file: string; skip: number | null; force: boolean } {
  const files: string[] = [];
  let skip: number | null = null;
  let force = false;
  for (let index = 0; index < args.length; index += 1) {
    const arg = args[index]!;
    if (arg === '--force') force = true;
    else if (arg === '--skip') {
      const value = Number(args[index + 1]);
      if (!Number.isSafeInteger(value) || value < 0) ctx.usage('--skip needs a whole number of addresses, 0 or more');
      skip = value;
      index += 1;
    } else if (arg.startsWith('--')) ctx.usage(`unknown option ${arg}`);
    else files.push(arg);
  }
  if (files.length !== 1) ctx.usage('restore takes one backup file');
  return { file: path.resolve(files[0]!), skip, force };
}

export async function backupCommand(ctx: BackupContext, action: 'backup' | 'restore', args: string[]): Promise<number> {
  if (!ctx.databaseUrl) return ctx.usage(`${action} needs the database's URL`);
  try {
    if (action === 'backup') {
      if (args.length !== 1 || args[0]!.startsWith('--')) return ctx.usage('backup takes one file to write');
      const result = await backupDatabase(ctx.databaseUrl, path.resolve(args[0]!));
      ctx.out(
        `backup written: ${result.file} (${result.bytes} bytes, ${result.entries} entries; PostgreSQL ${result.serverMajor}, ` +
          `${result.tool.path})`,
      );
      return 0;
    }
    const { file, ...options } = restoreOptions(ctx, args);
    const report = await restoreDatabase(ctx.db, ctx.databaseUrl, file, options, CLI_ACTOR);
    ctx.out(`restored ${file} (${report.entries} entries), migrations applied`);
    ctx.out(
      report.replacedDatabaseRead
        ? 'what the replaced database had handed out was carried over:'
        : `the replaced database held nothing to read: skipped ${options.skip ?? 0} ahead:`,
    );
    ctx.out(
      `  deposit addresses retired: ${report.retiredFree} from the pools, ${report.retiredUnknown} not in them, ` +
        `${report.retiredRegiven} given again since`,
    );
    ctx.out(`  extended public keys moved ahead: ${report.keysAdvanced}`);
    ctx.out(
      `  ended: ${report.sessionsEnded} sign-in sessions, ${report.mailTokensSpent} mail links, ` +
        `${report.operatorSessionsEnded} console sessions`,
    );
    return 0;
  } catch (error) {
    if (!(error instanceof BackupError || error instanceof MissingToolError)) throw error;
    ctx.out(`error: ${error.message}`);
    return 1;
  }
}
