// Which route of the table an address is, the same way the router decides (first match wins, case-insensitive,
// optional trailing slash): the server uses it for the status, the head and the data a page starts from.
import { localeFromPath, stripLocale, type Locale } from '../i18n/locales.ts';
import { routes, type RouteDef } from './routes.ts';

export interface PageMatch {
  route: RouteDef;
  params: Record<string, string>;
  locale: Locale;
}

function patternRegExp(pattern: string): RegExp {
  const source = pattern
    .split('/')
    .map((segment) => (segment.startsWith(':') ? `(?<${segment.slice(1)}>[^/]+?)` : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${pattern === '/' ? '' : source}/?$`, 'i');
}

const compiled = routes.map((route) => ({ route, pattern: patternRegExp(route.path) }));

export function matchPage(pathname: string): PageMatch | null {
  const bare = stripLocale(pathname);
  for (const { route, pattern } of compiled) {
    const found = pattern.exec(bare);
    if (found) {
      const params: Record<string, string> = {};
      for (const [name, value] of Object.entries(found.groups ?? {})) params[name] = safeDecode(value);
      return { route, params, locale: localeFromPath(pathname) };
    }
  }
  return null;
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
