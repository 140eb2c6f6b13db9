// GET /api/openapi.json (the OpenAPI 3.1 document) and /api/docs/ (the same, readable, for partners).
import { Hono } from 'hono';
import type { AppEnv } from '../http/env.ts';
import { openApiDocument, type OpenApiDocument } from './document.ts';

let built: { url: string; document: OpenApiDocument; page: string } | null = null;

function escapeHtml(value: string): string {
  return value.replace(/[<>&"]/g, (char) => `&#${char.charCodeAt(0)};`);
}

function docsPage(document: OpenApiDocument): string {
  const sections = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, raw]) => {
      const operation = raw as { summary: string; tags: string[]; requestBody?: unknown; responses: unknown };
      const details = JSON.stringify({ requestBody: operation.requestBody, responses: operation.responses }, null, 2);
      return `<section><h2><code>${method.toUpperCase()} ${escapeHtml(path)}</code></h2><p>${escapeHtml(operation.summary)} · ${escapeHtml(operation.tags.join(', '))}</p><details><summary>Request and answers</summary><pre>${escapeHtml(details)}</pre></details></section>`;
    }),
  );
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(document.info.title)}</title><meta name="robots" content="noindex"></head><body><main><h1>${escapeHtml(document.info.title)} ${escapeHtml(document.info.version)}</h1><p>${escapeHtml(document.info.description)}</p><p>Machine-readable: <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI 3.1). Partners send their key in the <code>X-Api-Key</code> header; webhooks carry <code>Webhook-Signature: t=&lt;unix seconds&gt;,v1=&lt;hex HMAC-SHA256 of "&lt;t&gt;.&lt;body&gt;"&gt;</code>.</p>${sections.join('')}</main></body></html>`;
}

function current(url: string) {
  if (built?.url !== url) {
    const document = openApiDocument(url);
    built = { url, document, page: docsPage(document) };
  }
  return built;
}

export const openApiRoutes = new Hono<AppEnv>()
  .get('/openapi.json', (c) => c.json(current(c.get('config').publicUrl).document))
  .get('/docs/', (c) => c.html(current(c.get('config').publicUrl).page));
