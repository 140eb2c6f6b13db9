// Shared by the benchmarks: wait until a spawned server answers its cheapest API route.
import type { ChildProcess } from 'node:child_process';

const START_LIMIT_MS = 180_000;

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
