// The home route's first-load JS, gzip: the entry chunk, the home page chunk and the Russian catalog,
// each with the chunks they import statically. Fails above the budget. Deterministic, so CI may gate on it.
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
}

export const BUDGET_KB = 110;
const HOME_SOURCES = ['src/pages/home/HomePage.tsx', 'locales/ru/messages.po'];

export function homeFirstLoad(distDir = process.env.DIST_DIR ?? 'dist'): { files: Map<string, number>; totalKb: number } {
  const manifest = JSON.parse(readFileSync(join(distDir, '.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
  const roots = Object.entries(manifest)
    .filter(([key, chunk]) => chunk.isEntry || HOME_SOURCES.includes(key))
    .map(([key]) => key);
  const files = new Map<string, number>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file) || !chunk.file.endsWith('.js')) return;
    files.set(chunk.file, gzipSync(readFileSync(join(distDir, chunk.file)), { level: 9 }).length);
    chunk.imports?.forEach(visit);
  };
  roots.forEach(visit);
  const total = [...files.values()].reduce((sum, size) => sum + size, 0);
  return { files, totalKb: Math.round((total / 1024) * 10) / 10 };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { files, totalKb } = homeFirstLoad();
  for (const [file, size] of [...files].sort((a, b) => b[1] - a[1])) {
    console.log(`  ${(size / 1024).toFixed(1).padStart(7)} kB  ${file}`);
  }
  console.log(`Home route first-load JS: ${totalKb} kB gzip (budget ${BUDGET_KB} kB)`);
  if (totalKb > BUDGET_KB) {
    console.error(`Over budget by ${(totalKb - BUDGET_KB).toFixed(1)} kB.`);
    process.exit(1);
  }
}
