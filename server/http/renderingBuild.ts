// The built app as the server renders it: DIST_DIR/index.html (the page template), the app's rendering entry
// DIST_DIR/.ssr/entry-server.js (built by `vite build` from src/entry-server.tsx) and the build manifest
// (DIST_DIR/.vite/manifest.json: which files a page's modules are). Loaded once per process, like
// the code of the server itself (`npm start` builds before it serves); until a build exists, it keeps looking.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { SettingsResponse } from '../../src/api/schemas/calculator.ts';
import { log } from '../log.ts';
import { pageChunks, type BuildManifest, type PageChunks } from './pageChunks.ts';

/** Which page an address is (src/entry-server.tsx's PageInfo). */
export interface PageInfo {
  /** The route pattern without the /en prefix, or null for an unknown address. */
  route: string | null;
  params: Record<string, string>;
  /** The address as the route table spells it, or null for an unknown address or one with parameters. */
  canonicalPath: string | null;
  /** The query parameters the page's rendering reads (src/i18n/pageQuery.ts). */
  query: Partial<Record<'cur_from' | 'cur_to' | 'ref' | 'token', string>>;
}

/** The part of src/entry-server.tsx the server calls (structural: the server never imports src/). */
export interface RenderingEntry {
  describePage(pathname: string, search?: string): PageInfo;
  renderPage(request: {
    url: string;
    origin: string;
    hasSessionCookie: boolean;
    notFound?: boolean;
    settings: SettingsResponse;
    readApi?: (path: string) => Promise<unknown>;
  }): Promise<
    | {
        status: 200 | 404;
        lang: string;
        head: string;
        html: string;
        initialPage: unknown;
        preloadSources: string[];
        /** When the browser starts the app: 'paint', 'interaction' or 'interaction-prefetched' (src/app/routes.ts). */
        appStart: string;
      }
    | { status: 302; location: string }
  >;
  sitemapPaths(): string[];
}

export interface RenderingBuild {
  entry: RenderingEntry;
  template: string;
  /** The stylesheets and scripts behind a page's hydration sources, beyond index.html's. */
  chunksOf(sources: readonly string[]): PageChunks;
}

/** Hands out the build (null while the app is not built). */
export function renderingBuild(distDir: string): () => Promise<RenderingBuild | null> {
  const root = path.resolve(distDir);
  const entryFile = path.join(root, '.ssr', 'entry-server.js');
  const templateFile = path.join(root, 'index.html');
  const manifestFile = path.join(root, '.vite', 'manifest.json');
  let loaded: Promise<RenderingBuild | null> | null = null;

  async function load(): Promise<RenderingBuild | null> {
    try {
      // Imported by its plain address: the entry's chunks import it back by that address, and must share it.
      const entry = (await import(pathToFileURL(entryFile).href)) as RenderingEntry;
      const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as BuildManifest;
      const template = readFileSync(templateFile, 'utf8');
      return { entry, template, chunksOf: pageChunks(manifest) };
    } catch (error) {
      log.error('loading the server rendering entry failed; pages are served without it', error);
      return null;
    }
  }

  return () => {
    if (loaded) return loaded;
    if (![entryFile, templateFile, manifestFile].every((file) => existsSync(file))) return Promise.resolve(null);
    loaded = load();
    return loaded;
  };
}
