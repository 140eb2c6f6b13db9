// /api/openapi.json: an OpenAPI 3.1 document of every route the app serves under /api/, /front-api/ and /export/
/* eslint-disable @typescript-eslint/no-explicit-any -- the document is checked by the assertions, not typed up front */
// (each route described, each description routed: a new route without a description fails here), generated from
// the zod schemas of the wire contract; /api/docs/ shows it to partners.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app.ts';
import type { ClaimEventHub } from '../../server/claims/events/hub.ts';
import { call, startTestApp, type TestApp } from './support/app.ts';

let test: TestApp;

beforeAll(async () => {
  test = await startTestApp();
});
afterAll(async () => {
  await test.close();
});

const DESCRIBED_PREFIXES = ['/api/', '/front-api/', '/export/'];

/** Every method and path the app routes (the /en copies are the same API), in the document's spelling. */
function servedRoutes(app: { routes: { method: string; path: string }[] }): Set<string> {
  return new Set(
    app.routes
      .filter((route) => route.method !== 'ALL' && DESCRIBED_PREFIXES.some((prefix) => route.path.startsWith(prefix)))
      .map((route) => `${route.method.toLowerCase()} ${route.path.replace(/:(\w+)/g, '{$1}')}`),
  );
}

function describedRoutes(document: { paths: Record<string, Record<string, unknown>> }): Set<string> {
  return new Set(
    Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method} ${path}`),
    ),
  );
}

/** What one side has and the other lacks. */
function mismatch(served: Set<string>, described: Set<string>) {
  return {
    undescribed: [...served].filter((route) => !described.has(route)).sort(),
    unrouted: [...described].filter((route) => !served.has(route)).sort(),
  };
}

/** The whole app, the claim event stream included (its hub is only called when a stream is opened). */
function wholeApp() {
  return createApp({ db: test.database.db, config: test.config, claimEvents: {} as ClaimEventHub });
}

describe('the OpenAPI document', () => {
  it('describes every route the app serves, and nothing it does not', async () => {
    const reply = await call(test, 'GET', '/api/openapi.json');
    expect(reply.status).toBe(200);
    expect(mismatch(servedRoutes(wholeApp()), describedRoutes(reply.body))).toEqual({ undescribed: [], unrouted: [] });
  });

  it('fails for a route added without a description', async () => {
    const document = (await call(test, 'GET', '/api/openapi.json')).body;
    const app = wholeApp();
    app.get('/api/v1/brand-new/', (c) => c.json({}));
    expect(mismatch(servedRoutes(app), describedRoutes(document)).undescribed).toEqual(['get /api/v1/brand-new/']);
  });

  it('is a well-formed OpenAPI 3.1 document', async () => {
    const document = (await call(test, 'GET', '/api/openapi.json')).body;
    expect(document.openapi).toBe('3.1.0');
    expect(document.info).toMatchObject({ title: expect.any(String), version: expect.any(String) });
    const schemes = Object.keys(document.components.securitySchemes);
    const ids = new Set<string>();
    for (const [path, methods] of Object.entries(document.paths as Record<string, Record<string, any>>)) {
      expect(path).toMatch(/^\//);
      const templated = [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();
      for (const [method, operation] of Object.entries(methods)) {
        expect(['get', 'post', 'put', 'delete', 'patch']).toContain(method);
        expect(ids.has(operation.operationId), operation.operationId).toBe(false);
        ids.add(operation.operationId);
        const declared = (operation.parameters ?? []).filter((p: any) => p.in === 'path');
        expect(declared.map((p: any) => p.name).sort(), `${method} ${path}`).toEqual(templated);
        expect(declared.every((p: any) => p.required === true)).toBe(true);
        expect(
          Object.keys(operation.responses).some((status) => /^2\d\d$/.test(status)),
          `${method} ${path}`,
        ).toBe(true);
        for (const requirement of operation.security ?? [])
          expect(schemes).toEqual(expect.arrayContaining(Object.keys(requirement)));
        const schema = operation.requestBody?.content?.['application/json']?.schema;
        if (schema) expect(schema.$schema).toBeUndefined();
      }
    }
    const partnerClaims = document.paths['/api/partner/v1/claims/'].post;
    expect(partnerClaims.security).toEqual([{ partnerKey: [] }]);
    expect(partnerClaims.requestBody.content['application/json'].schema.required).toEqual(
      expect.arrayContaining(['email', 'fromPs', 'toPs', 'fromSumma']),
    );
  });

  it('shows partners a readable page', async () => {
    const reply = await call(test, 'GET', '/api/docs/');
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toMatch(/text\/html/);
    expect(reply.body).toContain('POST /api/partner/v1/claims/');
    expect(reply.body).toContain('X-Api-Key');
  });
});
