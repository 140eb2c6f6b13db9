// After each machine test file, writes the transitions it took, named by the test file, for
// scripts/machine-coverage.ts.
import { afterAll, beforeAll, expect } from 'vitest';
import { mkdirSync, writeFileSync } from 'node:fs';
import { basename } from 'node:path';
import { randomUUID } from 'node:crypto';
import { takenEdges, unplaceableEdges } from './harness.ts';
import { COVERAGE_DIR, type TakenByFile } from './transitionEdges.ts';

let testFile = '';
beforeAll(() => {
  testFile = basename(expect.getState().testPath ?? '');
});

afterAll(() => {
  if (takenEdges.size === 0 && unplaceableEdges.size === 0) return;
  mkdirSync(COVERAGE_DIR, { recursive: true });
  const record: TakenByFile = {
    testFile,
    taken: Object.fromEntries([...takenEdges].map(([id, edges]) => [id, [...edges]])),
    unplaceable: [...unplaceableEdges],
  };
  writeFileSync(`${COVERAGE_DIR}/${randomUUID()}.json`, JSON.stringify(record));
});
