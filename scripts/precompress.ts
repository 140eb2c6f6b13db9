// Vite plugin: after the browser build is written, every text file of outDir worth compressing gets a brotli
// (name.br, best quality) and a gzip (name.gz) copy beside it, which the server sends as they are
// (server/http/static.ts): compressed once at build time, never per request or per start.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';
import { COMPRESSIBLE_EXTENSIONS, PRECOMPRESS_MIN_BYTES } from '../server/http/static.ts';

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    // Dot folders (.vite manifest, .ssr rendering entry) are never served.
    if (entry.name.startsWith('.')) return [];
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(full) : [full];
  });
}

/** Writes the .br and .gz copies of `outDir`'s compressible files; answers how many files got them. */
export function precompressFolder(outDir: string): number {
  let count = 0;
  for (const file of filesUnder(outDir)) {
    if (!COMPRESSIBLE_EXTENSIONS.has(path.extname(file).toLowerCase())) continue;
    if (statSync(file).size <= PRECOMPRESS_MIN_BYTES) continue;
    const body = readFileSync(file);
    writeFileSync(`${file}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
    writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
    count += 1;
  }
  return count;
}

export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'exchanger:precompress',
    apply: 'build',
    // The browser build only: the rendering entry is read by the server, never sent.
    applyToEnvironment: (environment) => environment.name === 'client',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      precompressFolder(outDir);
    },
  };
}
