// `npm run ops -- <command>`: the operator CLI. Connects to DATABASE_URL, or to the embedded cluster of
// DATA_DIR (the running server's, whose port it reads from the data folder, or started for the command).
import path from 'node:path';
import { attachEmbeddedPostgres } from '../db/embedded.ts';
import { connect } from '../db/index.ts';
import { translateBody } from '../i18n/translate.ts';
import { setLogLevel } from '../log.ts';
import { DomainError } from '../shared/errors.ts';
import { HELP, runOps } from './commands.ts';

async function main(argv: string[]): Promise<number> {
  if (argv.length === 0 || argv[0] === 'help' || argv[0] === '--help') {
    console.log(HELP);
    return argv.length === 0 ? 2 : 0;
  }
  setLogLevel('warn');
  const url = process.env.DATABASE_URL?.trim();
  const cluster = url ? null : await attachEmbeddedPostgres(path.resolve(process.env.DATA_DIR ?? 'data'));
  const databaseUrl = url || cluster!.url;
  const database = connect(databaseUrl, 2);
  try {
    return await runOps(argv, { db: database.db, out: (line) => console.log(line), databaseUrl, operator: process.env.OPS_AS });
  } finally {
    await database.close();
    await cluster?.stop();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(explain(error));
    process.exit(1);
  },
);

/** A service's refusal in the operator's words (the CLI speaks English), anything else as it came. */
function explain(error: unknown): string {
  if (!(error instanceof DomainError)) return error instanceof Error ? error.message : String(error);
  const body = translateBody('en', error.body);
  return typeof body.detail === 'string' ? body.detail : JSON.stringify(body);
}
