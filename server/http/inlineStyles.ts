// Rendered pages carry the site's stylesheet inside the HTML: a render-blocking stylesheet is one more request on a
// connection of its own before the first paint (two round trips on Lighthouse's slow phone link, `npm run
// bench:web`), while the ~9 kB of it gzipped travel in the same answer as the page. In-app navigations never fetch
// HTML again, so what is lost is only the stylesheet's cache across full page loads.
import { readFileSync } from 'node:fs';
import path from 'node:path';

const STYLESHEET_LINK = /<link rel="stylesheet" crossorigin href="\/([^"]+\.css)">/g;

/**
 * The template with each of its stylesheet links replaced by the style itself, followed by the same link marked
 * `disabled`: a disabled stylesheet is never fetched, but Vite's loader of lazy chunks finds it by its address and
 * so does not fetch the stylesheet it already has a second time.
 */
export function inlineStylesheets(template: string, distDir: string): string {
  return template.replace(STYLESHEET_LINK, (link, file: string) => {
    const css = readFileSync(path.join(distDir, file), 'utf8');
    // A style element ends at the first `</style`: such a sheet stays a link.
    if (/<\/style/i.test(css)) return link;
    return `<style>${css}</style><link rel="stylesheet" crossorigin href="/${file}" disabled>`;
  });
}
