// The <link rel="stylesheet"> tags a rendered page carries for the styles of the chunks it hydrates with (the
// page's code and what it loads at once) beyond what index.html already links, so the server's HTML is styled
// before any script runs.
//
// Scripts are deliberately not preloaded: on a slow phone link the page's chunks, fetched at high priority beside
// the HTML and CSS, pushed the first paint back (Lighthouse mobile, `npm run bench:web`: the home scored 80 with
// module preloads of its hydration chunks, 92 with only the page's own chunk, 95 without). Forms stay inert until
// hydrated instead (src/components/ui/Button.tsx, TextInput.tsx), so nothing typed early is lost.

/** One chunk of Vite's build manifest (DIST_DIR/.vite/manifest.json), keyed by its source path. */
export interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}

export type BuildManifest = Record<string, ManifestChunk>;

/** The manifest key of the browser app's page (the ops console is another entry). */
const SITE_ENTRY = 'index.html';

/** Every style a chunk needs at once: its own and those of what it imports statically (transitively). */
function stylesOf(manifest: BuildManifest, key: string, seen: Set<string>, into: Set<string>): void {
  const chunk = manifest[key];
  if (!chunk || seen.has(chunk.file)) return;
  seen.add(chunk.file);
  for (const css of chunk.css ?? []) into.add(css);
  for (const imported of chunk.imports ?? []) stylesOf(manifest, imported, seen, into);
}

/**
 * Answers, for the manifest sources a page hydrates with, the stylesheet links index.html does not already carry.
 * Unknown sources are left out: a stale name costs a late style, never a broken page.
 */
export function pageStylesheets(manifest: BuildManifest): (sources: readonly string[]) => string {
  const inTemplate = new Set<string>();
  stylesOf(manifest, SITE_ENTRY, new Set(), inTemplate);
  const cache = new Map<string, string>();
  return (sources) => {
    const key = sources.join('\n');
    const known = cache.get(key);
    if (known !== undefined) return known;
    const styles = new Set<string>();
    const seen = new Set<string>();
    for (const source of sources) stylesOf(manifest, source, seen, styles);
    const tags = [...styles]
      .filter((file) => !inTemplate.has(file))
      .map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`)
      .join('');
    cache.set(key, tags);
    return tags;
  };
}
