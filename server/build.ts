// Builds the browser app and its server-rendering entry with Vite when DIST_DIR/index.html or .ssr/entry-server.js
// is missing, or older than any of their sources.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { log } from './log.ts';

// The build's own plugins count too; among them the app's loader, which pages carry inline and the CSP allows by the
// hash of the file as it is now: a build older than the file would carry a loader the browser refuses to run.
const SOURCES = [
  'src',
  'machines',
  'locales',
  'index.html',
  'vite.config.ts',
  'public',
  'tailwind.config.ts',
  'scripts/precompress.ts',
  'scripts/scriptsAfterPaint.ts',
  'server/http/appLoader.js',
];

function newestMtime(target: string): number {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

export function buildIsStale(root: string, distDir: string): boolean {
  const index = path.join(distDir, 'index.html');
  // The server-rendering entry is part of the build (vite.config.ts builds it after the browser app).
  if (!existsSync(index) || !existsSync(path.join(distDir, '.ssr', 'entry-server.js'))) return true;
  const built = statSync(index).mtimeMs;
  return SOURCES.some((source) => newestMtime(path.join(root, source)) > built);
}

const LOCK_STALE_MS = 10 * 60 * 1000;

function sleep(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/** Runs `work` holding a lock folder beside DIST_DIR: two servers starting together build once, not over each other. */
function withBuildLock(distDir: string, work: () => void): void {
  const lock = `${path.resolve(distDir)}.build-lock`;
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const age = Date.now() - (existsSync(lock) ? statSync(lock).mtimeMs : Date.now());
      if (age > LOCK_STALE_MS) rmSync(lock, { recursive: true, force: true });
      else sleep(500);
    }
  }
  try {
    work();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

export function buildIfStale(root: string, distDir: string): void {
  if (!buildIsStale(root, distDir)) return;
  withBuildLock(distDir, () => {
    // Another server may have built it while this one waited for the lock.
    if (!buildIsStale(root, distDir)) return;
    log.info(`building the app into ${path.relative(root, distDir) || distDir} (sources changed)`);
    const result = spawnSync('npx', ['vite', 'build', '--outDir', distDir, '--emptyOutDir'], {
      cwd: root,
      stdio: 'inherit',
      env: process.env,
    });
    if (result.status !== 0) throw new Error(`vite build failed with status ${String(result.status)}`);
  });
}
