// Serves the built app from DIST_DIR: files kept in memory with the brotli and gzip copies the build wrote beside
// them (name.br, name.gz; compressed here once only when a copy is missing), hashed assets cached for a year as
// immutable, index.html for every other GET that is not an API path (the browser router decides what to show).
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { Context, MiddlewareHandler } from 'hono';
import { preferredEncoding } from './compress.ts';
import type { AppEnv } from './env.ts';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
};

/** Extensions of text files worth compressing (the build writes .br and .gz copies of these). */
export const COMPRESSIBLE_EXTENSIONS = new Set([
  '.html',
  '.js',
  '.mjs',
  '.css',
  '.json',
  '.svg',
  '.txt',
  '.xml',
  '.map',
  '.webmanifest',
  '.ico',
]);

/** Paths the static handler never answers: the API, whose unknown paths are JSON 404s. */
export function isApiPath(pathname: string): boolean {
  return /^(\/en)?\/(api|front-api|export)(\/|$)/.test(pathname) || /^\/ops-api(\/|$)/.test(pathname);
}

/** Vite's build manifest: the browser's update check asks it for the entry of the latest build. */
export const BUILD_MANIFEST = '.vite/manifest.json';

/** Files at most this big are sent as they are (the build precompresses the same set: vite.config.ts). */
export const PRECOMPRESS_MIN_BYTES = 1024;

interface CachedFile {
  body: Buffer;
  br: Buffer | null;
  gzip: Buffer | null;
  etag: string;
  type: string;
  mtimeMs: number;
  checkedAt: number;
}

function cacheControl(relative: string): string {
  if (relative.startsWith('assets/')) return 'public, max-age=31536000, immutable';
  if (relative === 'index.html' || relative.endsWith('.json')) return 'no-cache';
  return 'public, max-age=3600';
}

export function staticFiles(distDir: string): MiddlewareHandler<AppEnv> {
  const root = path.resolve(distDir);
  const cache = new Map<string, CachedFile>();

  function load(relative: string): CachedFile | null {
    const now = Date.now();
    const cached = cache.get(relative);
    if (cached && now - cached.checkedAt < 1000) return cached;
    const file = path.join(root, relative);
    let mtimeMs: number;
    try {
      const stat = statSync(file);
      if (!stat.isFile()) return null;
      mtimeMs = stat.mtimeMs;
    } catch {
      cache.delete(relative);
      return null;
    }
    if (cached && cached.mtimeMs === mtimeMs) {
      cached.checkedAt = now;
      return cached;
    }
    const body = readFileSync(file);
    const extension = path.extname(relative).toLowerCase();
    const compressible = COMPRESSIBLE_EXTENSIONS.has(extension) && body.length > PRECOMPRESS_MIN_BYTES;
    const copy = (suffix: string, make: (data: Buffer) => Buffer) =>
      existsSync(file + suffix) ? readFileSync(file + suffix) : make(body);
    const entry: CachedFile = {
      body,
      br: compressible ? copy('.br', (data) => brotliCompressSync(data)) : null,
      gzip: compressible ? copy('.gz', (data) => gzipSync(data, { level: 9 })) : null,
      etag: `"${createHash('sha1').update(body).digest('base64url').slice(0, 20)}"`,
      type: TYPES[extension] ?? 'application/octet-stream',
      mtimeMs,
      checkedAt: now,
    };
    cache.set(relative, entry);
    return entry;
  }

  function respond(c: Context<AppEnv>, relative: string, entry: CachedFile): Response {
    const headers: Record<string, string> = {
      'Content-Type': entry.type,
      'Cache-Control': cacheControl(relative),
      ETag: entry.etag,
    };
    if (entry.br || entry.gzip) headers.Vary = 'Accept-Encoding';
    if (c.req.header('if-none-match') === entry.etag) return c.body(null, 304, headers);
    const encoding = entry.br || entry.gzip ? preferredEncoding(c.req.header('accept-encoding')) : null;
    const encoded = encoding === 'br' ? entry.br : encoding === 'gzip' ? entry.gzip : null;
    if (encoded) headers['Content-Encoding'] = encoding!;
    const body = encoded ?? entry.body;
    headers['Content-Length'] = String(body.length);
    if (c.req.method === 'HEAD') return c.body(null, 200, headers);
    return c.body(new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.byteLength), 200, headers);
  }

  return async (c, next) => {
    if ((c.req.method !== 'GET' && c.req.method !== 'HEAD') || isApiPath(c.req.path)) return next();
    let decoded: string;
    try {
      decoded = decodeURIComponent(c.req.path);
    } catch {
      return c.text('Bad request', 400);
    }
    const relative = path.posix.normalize(decoded).replace(/^\/+/, '');
    // Hidden paths stay closed, except the build manifest the hourly update check reads (docs/product.md §7).
    const safe =
      relative === BUILD_MANIFEST ||
      (!relative.includes('\0') && !relative.split('/').some((part) => part.startsWith('.')));
    if (safe && relative !== '' && !relative.endsWith('/')) {
      const entry = load(relative);
      if (entry) return respond(c, relative, entry);
    }
    // A missing file (a name with an extension) is a real 404; any other path is a page of the SPA.
    if (path.posix.extname(relative) !== '') return c.text('Not found', 404);
    const index = load('index.html');
    if (!index) return c.text('The app is not built: run `npm run build`.', 503);
    return respond(c, 'index.html', index);
  };
}
