// What a rendered page needs of the build beyond index.html's own entry, found in Vite's build manifest from the
// sources the page hydrates with (its code, the catalog, what the shell loads at once):
// - the stylesheet links of those chunks, so the server's HTML is styled before any script runs;
// - their script files, which the inline app loader (server/http/appLoader.ts) preloads beside the entry.
//
// Scripts never go into the HTML as <link rel="modulepreload">: fetched at high priority beside the HTML and CSS
// on a slow phone link, they pushed the first paint back (Lighthouse mobile, `npm run bench:web`: the home scored
// 80 with module preloads of its hydration chunks, 95 without). Preloaded by the loader after the first paint,
// they arrive with the entry instead of after it, and the entry's dynamic imports find them already requested
// (Vite's preload helper then adds no links of its own while the page hydrates).

/** One chunk of Vite's build manifest (DIST_DIR/.vite/manifest.json), keyed by its source path. */
export interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}

export type BuildManifest = Record<string, ManifestChunk>;

export interface PageChunks {
  /** `<link rel="stylesheet">` tags for the styles index.html does not already link. */
  stylesheetTags: string;
  /** Script addresses (`/assets/…`) for the loader to preload, beyond index.html's entry and its imports. */
  modulePreloads: string[];
}

/** The manifest key of the browser app's page (the ops console is another entry). */
const SITE_ENTRY = 'index.html';

/** A chunk and every chunk it imports statically (transitively), each once. */
function chunksOf(manifest: BuildManifest, key: string, into: Map<string, ManifestChunk>): void {
  const chunk = manifest[key];
  if (!chunk || into.has(chunk.file)) return;
  into.set(chunk.file, chunk);
  for (const imported of chunk.imports ?? []) chunksOf(manifest, imported, into);
}

/**
 * Answers, for the manifest sources a page hydrates with, what index.html does not already carry. Unknown
 * sources are left out: a stale name costs a late style or script, never a broken page.
 */
export function pageChunks(manifest: BuildManifest): (sources: readonly string[]) => PageChunks {
  const inTemplate = new Map<string, ManifestChunk>();
  chunksOf(manifest, SITE_ENTRY, inTemplate);
  const templateStyles = new Set([...inTemplate.values()].flatMap((chunk) => chunk.css ?? []));
  const cache = new Map<string, PageChunks>();
  return (sources) => {
    const key = sources.join('\n');
    const known = cache.get(key);
    if (known) return known;
    const chunks = new Map<string, ManifestChunk>();
    for (const source of sources) chunksOf(manifest, source, chunks);
    const styles = new Set([...chunks.values()].flatMap((chunk) => chunk.css ?? []));
    const answer: PageChunks = {
      stylesheetTags: [...styles]
        .filter((file) => !templateStyles.has(file))
        .map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`)
        .join(''),
      modulePreloads: [...chunks.keys()].filter((file) => !inTemplate.has(file)).map((file) => `/${file}`),
    };
    cache.set(key, answer);
    return answer;
  };
}
