// Serves the built app from DIST_DIR: files kept in memory (gzip once), hashed assets cached for a year,
// index.html for every other GET that is not an API path (the browser router decides what to show).
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Context, MiddlewareHandler } from 'hono';
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

const COMPRESSIBLE = new Set([
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

interface CachedFile {
  body: Buffer;
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
    const entry: CachedFile = {
      body,
      gzip: COMPRESSIBLE.has(extension) && body.length > 1024 ? gzipSync(body, { level: 9 }) : null,
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
      Vary: 'Accept-Encoding',
    };
    if (c.req.header('if-none-match') === entry.etag) return c.body(null, 304, headers);
    const gzip = entry.gzip && /\bgzip\b/.test(c.req.header('accept-encoding') ?? '');
    if (gzip) headers['Content-Encoding'] = 'gzip';
    const body = gzip ? entry.gzip! : entry.body;
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
    const safe = !relative.includes('\0') && !relative.split('/').some((part) => part.startsWith('.'));
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
