// Builds the browser app with Vite when DIST_DIR/index.html is missing or older than any of its sources.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { log } from './http/log.ts';

const SOURCES = ['src', 'locales', 'index.html', 'vite.config.ts', 'public', 'tailwind.config.ts'];

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
  if (!existsSync(index)) return true;
  const built = statSync(index).mtimeMs;
  return SOURCES.some((source) => newestMtime(path.join(root, source)) > built);
}

export function buildIfStale(root: string, distDir: string): void {
  if (!buildIsStale(root, distDir)) return;
  log.info(`building the app into ${path.relative(root, distDir) || distDir} (sources changed)`);
  const result = spawnSync('npx', ['vite', 'build', '--outDir', distDir, '--emptyOutDir'], {
    cwd: root,
    stdio: 'inherit',
    env: process.env,
  });
  if (result.status !== 0) throw new Error(`vite build failed with status ${String(result.status)}`);
}
