import { describe, expect, it } from 'vitest';
import { entryFromHtml, entryFromManifest, fetchLatestBuild, runningBuild } from '../../../src/wiring/buildVersion.ts';

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
const html = (body: string, status = 200) => new Response(body, { status, headers: { 'content-type': 'text/html' } });

describe('build version', () => {
  it('reads the running entry script from the page', () => {
    const doc = document.implementation.createHTMLDocument('x');
    doc.head.innerHTML = '<script type="module" crossorigin src="/assets/index-Ab12.js"></script>';
    expect(runningBuild(doc)).toBe('assets/index-Ab12.js');
    doc.head.innerHTML = '<script type="module" src="/src/main.tsx"></script>';
    expect(runningBuild(doc)).toBeNull();
  });

  it('reads the entry from the manifest and from index.html', () => {
    expect(entryFromManifest({ 'index.html': { file: 'assets/index-Cd34.js', isEntry: true } })).toBe(
      'assets/index-Cd34.js',
    );
    expect(entryFromManifest({ 'src/main.tsx': { file: 'assets/main-9.js', isEntry: true } })).toBe('assets/main-9.js');
    expect(entryFromHtml('<script type="module" crossorigin src="/assets/index-Ef56.js"></script>')).toBe(
      'assets/index-Ef56.js',
    );
    expect(entryFromHtml('<p>no script</p>')).toBeNull();
  });

  it('asks the manifest first, uncached', async () => {
    const asked: [string, RequestInit | undefined][] = [];
    const fetcher = (async (url: string, init?: RequestInit) => {
      asked.push([url, init]);
      return json({ 'index.html': { file: 'assets/index-New.js', isEntry: true } });
    }) as typeof fetch;
    await expect(fetchLatestBuild(fetcher)).resolves.toBe('assets/index-New.js');
    expect(asked).toEqual([['/.vite/manifest.json', { cache: 'no-store' }]]);
  });

  it('falls back to index.html when the manifest is not served (SPA fallback answers HTML)', async () => {
    const fetcher = (async (url: string) =>
      url === '/index.html'
        ? html('<script type="module" src="/assets/index-Html.js"></script>')
        : html('<!doctype html><div id="root"></div>')) as typeof fetch;
    await expect(fetchLatestBuild(fetcher)).resolves.toBe('assets/index-Html.js');
  });

  it('fails when neither names a build', async () => {
    const fetcher = (async () => html('down', 503)) as typeof fetch;
    await expect(fetchLatestBuild(fetcher)).rejects.toThrow();
  });
});
