// The <link rel="modulepreload"> tags a rendered page carries: the chunks the browser needs before it can hydrate
// (the page's code, its language's catalog, the header's parts) beyond what index.html already names. Without
// them the browser learns of these chunks only after the entry has run, one round trip later, and clicks and
// typing wait that much longer for a page that responds.

/** One chunk of Vite's build manifest (DIST_DIR/.vite/manifest.json), keyed by its source path. */
export interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}

export type BuildManifest = Record<string, ManifestChunk>;

/** The manifest key of the browser app's page (the ops console is another entry). */
const SITE_ENTRY = 'index.html';

/** Every file a chunk needs at once: itself, what it imports statically (transitively) and their styles. */
function filesOf(manifest: BuildManifest, key: string, into: Set<string>): void {
  const chunk = manifest[key];
  if (!chunk || into.has(chunk.file)) return;
  into.add(chunk.file);
  for (const css of chunk.css ?? []) into.add(css);
  for (const imported of chunk.imports ?? []) filesOf(manifest, imported, into);
}

/**
 * Answers, for the manifest sources a page needs before hydration, the link tags of the files index.html does
 * not already load. Unknown sources are left out: a stale name costs a round trip, never a broken page.
 */
export function modulePreloads(manifest: BuildManifest): (sources: readonly string[]) => string {
  const inTemplate = new Set<string>();
  filesOf(manifest, SITE_ENTRY, inTemplate);
  const cache = new Map<string, string>();
  return (sources) => {
    const key = sources.join('\n');
    const known = cache.get(key);
    if (known !== undefined) return known;
    const files = new Set<string>();
    for (const source of sources) filesOf(manifest, source, files);
    const tags = [...files]
      .filter((file) => !inTemplate.has(file))
      .map((file) =>
        file.endsWith('.css')
          ? `<link rel="stylesheet" crossorigin href="/${file}">`
          : `<link rel="modulepreload" crossorigin href="/${file}">`,
      )
      .join('');
    cache.set(key, tags);
    return tags;
  };
}
