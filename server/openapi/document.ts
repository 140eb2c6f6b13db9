// The OpenAPI 3.1 document of the public, account and partner APIs, generated from operations.ts: each zod schema
// of the wire contract becomes its JSON Schema (zod 4's toJSONSchema, draft 2020-12, OpenAPI 3.1's own dialect).
import * as z from 'zod/mini';
import type { Audience, Operation } from './operations.ts';
import { OPERATIONS } from './operations.ts';

const TAGS: Record<Audience, string> = {
  public: 'Public',
  account: 'Account',
  partner: 'Partners',
  monitors: 'Rate monitors',
};

function jsonSchema(schema: z.core.$ZodType, io: 'input' | 'output'): Record<string, unknown> {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    unrepresentable: 'any',
    io,
  });
  return rest;
}

function parametersOf(path: string) {
  return [...path.matchAll(/\{(\w+)\}/g)].map((match) => ({
    name: match[1]!,
    in: 'path',
    required: true,
    schema: { type: 'string' },
  }));
}

const ERROR_BODY = {
  description: 'Refused: a DRF body, `{"detail": "…", "code": "…"}` and/or `{"field": ["message"]}`',
  content: { 'application/json': { schema: { type: 'object', additionalProperties: true } } },
};

function operationObject(operation: Operation, operationId: string) {
  const status = String(operation.status ?? 200);
  const success: Record<string, unknown> = { description: operation.summary };
  if (typeof operation.response === 'string') success.content = { [operation.response]: {} };
  else if (operation.response)
    success.content = { 'application/json': { schema: jsonSchema(operation.response, 'output') } };
  const parameters = parametersOf(operation.path);
  return {
    operationId,
    summary: operation.summary,
    tags: [TAGS[operation.audience]],
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(operation.request
      ? {
          requestBody: {
            required: true,
            content: { 'application/json': { schema: jsonSchema(operation.request, 'input') } },
          },
        }
      : operation.multipart
        ? { requestBody: { required: true, content: { 'multipart/form-data': {} } } }
        : {}),
    ...(operation.audience === 'partner' && operation.path.startsWith('/api/partner/')
      ? { security: [{ partnerKey: [] }] }
      : operation.audience === 'account' && operation.path.startsWith('/api/v1/users/me')
        ? { security: [{ accessToken: [] }] }
        : {}),
    responses: { [status]: success, '4XX': ERROR_BODY },
  };
}

/** A stable id: the method and the path's words ("get_api_v1_claim_uuid_form"). */
function operationIdOf(operation: Operation): string {
  return `${operation.method}_${operation.path.replace(/[^a-zA-Z0-9]+/g, '_').replace(/^_|_$/g, '')}`;
}

export function openApiDocument(serverUrl: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const operation of OPERATIONS) {
    paths[operation.path] ??= {};
    paths[operation.path]![operation.method] = operationObject(operation, operationIdOf(operation));
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Exchanger API',
      version: '1.0.0',
      description:
        'Public calculator and claims, accounts, the partner API (X-Api-Key) and the rates export. Russian texts at the root, English under /en. Money is decimal strings.',
    },
    servers: [{ url: serverUrl }],
    tags: Object.values(TAGS).map((name) => ({ name })),
    paths,
    components: {
      securitySchemes: {
        partnerKey: { type: 'apiKey', in: 'header', name: 'X-Api-Key' },
        accessToken: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
      },
    },
  };
}

export type OpenApiDocument = ReturnType<typeof openApiDocument>;
