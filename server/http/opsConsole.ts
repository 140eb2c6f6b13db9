// The back-office console's page: the built ops.html for /ops/ and every path under it (its own router decides
// what to show), never cached, never indexed. Its scripts are the ops entry's chunks only.
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Handler } from 'hono';
import type { AppEnv } from './env.ts';

export const OPS_HTML = 'ops.html';

export function opsConsolePage(distDir: string): Handler<AppEnv> {
  const file = path.resolve(distDir, OPS_HTML);
  let cached: { body: string; mtimeMs: number } | null = null;
  return (c) => {
    let mtimeMs: number;
    try {
      mtimeMs = statSync(file).mtimeMs;
    } catch {
      return c.text('The console is not built: run `npm run build`.', 503);
    }
    if (!cached || cached.mtimeMs !== mtimeMs) cached = { body: readFileSync(file, 'utf8'), mtimeMs };
    return c.html(cached.body, 200, { 'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex, nofollow' });
  };
}
