// The operator's commands in the journeys: the very `runOps` of the CLI (server/ops/cli.ts), run in the test
// worker against the journey server's own database, so a move costs a few queries instead of starting Node and
// tsx for every command (2–5 s each on this machine). The CLI as a process is tested by tests/server/ops.test.ts.
import path from 'node:path';
import { attachEmbeddedPostgres, type Cluster } from '../../server/db/embedded.ts';
import { connect, type Database } from '../../server/db/index.ts';
import { setLogLevel } from '../../server/log.ts';
import { runOps } from '../../server/ops/commands.ts';
import { cliOperator } from '../server/support/cliOperator.ts';

/** The main journey server's port (playwright.config.ts); the short-window server listens on the next one. */
export const JOURNEY_PORT = Number(process.env.E2E_PORT ?? 3100);

interface Connection {
  database: Database;
  cluster: Cluster;
}

const connections = new Map<number, Promise<Connection>>();

function connectionTo(port: number): Promise<Connection> {
  let connection = connections.get(port);
  if (!connection) {
    connection = attachEmbeddedPostgres(path.resolve(`test-data/e2e-${port}`)).then((cluster) => ({
      cluster,
      database: connect(cluster.url, 2),
    }));
    connections.set(port, connection);
  }
  return connection;
}

/**
 * Runs an operator command (the CLI's arguments) against the journey server on `port` and answers what it
 * printed; a refusal or a usage error throws with that output, as a failed CLI process would.
 */
export async function opsOn(port: number, ...args: string[]): Promise<string> {
  setLogLevel('warn');
  const { database } = await connectionTo(port);
  const lines: string[] = [];
  const code = await runOps(args, { db: database.db, operator: await cliOperator(database.db), out: (line) => lines.push(line) });
  const output = lines.map((line) => `${line}\n`).join('');
  if (code !== 0) throw new Error(`ops ${args.join(' ')} ended with ${code}:\n${output}`);
  return output;
}

/** An operator command against the main journey server. */
export function ops(...args: string[]): Promise<string> {
  return opsOn(JOURNEY_PORT, ...args);
}

/** Closes what the commands opened (a worker's teardown). */
export async function closeOperatorConnections(): Promise<void> {
  const open = [...connections.values()];
  connections.clear();
  for (const connection of await Promise.all(open)) {
    await connection.database.close();
    await connection.cluster.stop();
  }
}
