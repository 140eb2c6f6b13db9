// Shared by the benchmarks: start the real server (`server/main.ts`) on a port of its own, with rate limits off and
// quiet logs, and wait until it answers its cheapest API route.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const START_LIMIT_MS = 180_000;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export async function untilServing(child: ChildProcess, port: number): Promise<ChildProcess> {
  const until = Date.now() + START_LIMIT_MS;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error('the server exited during start');
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/v1/calculator/tech/`)).ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('the server did not start in 3 minutes');
}

/** The server on `port` with its data in `dataDir` (wiped at start unless `env` says FRESH_DATA=0); `env` adds settings. */
export function startBenchServer(port: number, dataDir: string, env: Record<string, string> = {}): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      FRESH_DATA: '1',
      SKIP_BUILD: '1',
      RATE_LIMIT_SCALE: '0',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  return untilServing(child, port);
}
