// After each machine test file, writes the transitions it took for scripts/machine-coverage.ts.
import { afterAll } from 'vitest';
import { mkdirSync, writeFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { takenEdges } from './harness.ts';

import { COVERAGE_DIR } from './transitionEdges.ts';

afterAll(() => {
  if (takenEdges.size === 0) return;
  mkdirSync(COVERAGE_DIR, { recursive: true });
  const taken = Object.fromEntries([...takenEdges].map(([id, edges]) => [id, [...edges]]));
  writeFileSync(`${COVERAGE_DIR}/${randomUUID()}.json`, JSON.stringify(taken));
});
