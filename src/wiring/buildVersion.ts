// Which build is running and which one the server serves now, both named by the entry script
// ('assets/index-<hash>.js'), so a deploy is noticed without any extra build step.

/** The entry script of this page, or null when not running a production build (dev server). */
export function runningBuild(doc: Document = document): string | null {
  for (const script of doc.querySelectorAll<HTMLScriptElement>('script[type="module"][src]')) {
    const src = script.getAttribute('src') ?? '';
    const match = /\/?(assets\/[^?#]+\.js)/.exec(src);
    if (match?.[1]) return match[1];
  }
  return null;
}

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
}

/** Reads the entry out of Vite's build manifest. */
export function entryFromManifest(manifest: Record<string, ManifestChunk>): string | null {
  return manifest['index.html']?.file ?? Object.values(manifest).find((chunk) => chunk.isEntry)?.file ?? null;
}

/** Reads the entry out of the served index.html. */
export function entryFromHtml(html: string): string | null {
  return /<script[^>]+type="module"[^>]+src="\/?(assets\/[^"]+\.js)"/.exec(html)?.[1] ?? null;
}

/** The entry of the latest build: the manifest first, the served index.html when the manifest is not published. */
export async function fetchLatestBuild(fetcher: typeof fetch = fetch): Promise<string> {
  const manifest = await fetcher('/.vite/manifest.json', { cache: 'no-store' }).catch(() => null);
  if (manifest?.ok && manifest.headers.get('content-type')?.includes('json')) {
    const entry = entryFromManifest((await manifest.json()) as Record<string, ManifestChunk>);
    if (entry) return entry;
  }
  const page = await fetcher('/index.html', { cache: 'no-store' });
  if (!page.ok) throw new Error(`index.html: ${page.status}`);
  const entry = entryFromHtml(await page.text());
  if (!entry) throw new Error('index.html has no entry script');
  return entry;
}
