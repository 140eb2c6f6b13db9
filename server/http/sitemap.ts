// /sitemap.xml lists every public page in each language it exists in (news is Russian only, docs/product.md §2), with the
// other language as an xhtml:link alternate; /robots.txt is the built one plus the sitemap's absolute address.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Handler } from 'hono';
import type { Config } from '../config.ts';
import type { AppEnv } from './env.ts';
import type { RenderingBuild } from './renderingBuild.ts';

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** '/en/rules' → '/rules', '/en' → '/'. */
function russianPath(pathname: string): string {
  if (pathname === '/en') return '/';
  return pathname.startsWith('/en/') ? pathname.slice(3) : pathname;
}

export function sitemapXml(origin: string, paths: string[]): string {
  const known = new Set(paths);
  const entries = paths.map((pathname) => {
    const ru = russianPath(pathname);
    const en = ru === '/' ? '/en' : `/en${ru}`;
    const alternates =
      known.has(ru) && known.has(en)
        ? [
            `    <xhtml:link rel="alternate" hreflang="ru" href="${escapeXml(origin + ru)}"/>`,
            `    <xhtml:link rel="alternate" hreflang="en" href="${escapeXml(origin + en)}"/>`,
            `    <xhtml:link rel="alternate" hreflang="x-default" href="${escapeXml(origin + ru)}"/>`,
          ]
        : [];
    return ['  <url>', `    <loc>${escapeXml(origin + pathname)}</loc>`, ...alternates, '  </url>'].join('\n');
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...entries,
    '</urlset>',
    '',
  ].join('\n');
}

export function sitemapRoute(config: Config, currentBuild: () => Promise<RenderingBuild | null>): Handler<AppEnv> {
  const origin = config.publicUrl.replace(/\/+$/, '');
  return async (c) => {
    const build = await currentBuild();
    if (!build) return c.text('The app is not built: run `npm run build`.', 503);
    c.header('Cache-Control', 'public, max-age=3600');
    return c.body(sitemapXml(origin, build.entry.sitemapPaths()), 200, { 'Content-Type': 'application/xml; charset=utf-8' });
  };
}

export function robotsRoute(config: Config): Handler<AppEnv> {
  const origin = config.publicUrl.replace(/\/+$/, '');
  const file = path.resolve(config.distDir, 'robots.txt');
  let body: string | null = null;
  return (c) => {
    if (body === null) {
      let rules = 'User-agent: *\nAllow: /\n';
      try {
        rules = readFileSync(file, 'utf8');
      } catch {
        // Not built yet: allow everything, still announce the sitemap.
      }
      body = `${rules.trimEnd()}\n\nSitemap: ${origin}/sitemap.xml\n`;
    }
    c.header('Cache-Control', 'public, max-age=3600');
    return c.body(body, 200, { 'Content-Type': 'text/plain; charset=utf-8' });
  };
}
