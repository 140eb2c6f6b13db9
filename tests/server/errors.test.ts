// The one HTTP mapping of refusals: a service's DomainError answers its kind's status with the body as the
// service wrote it (Retry-After when it says how long to wait); nothing else about the error leaks.
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { AppEnv } from '../../server/http/env.ts';
import { onError } from '../../server/http/errors.ts';
import { DomainError, refuse, refuseFields, type RefusalKind } from '../../server/shared/errors.ts';

const app = new Hono<AppEnv>()
  .get('/refuse/:kind', (c) => refuse(c.req.param('kind') as RefusalKind, 'Refused.', 'some_code'))
  .get('/fields', () => refuseFields({ email: ['Enter a valid e-mail address.'], toRequisites: { card: ['Check digit.'] } }))
  .get('/throttled', () => {
    throw new DomainError('throttled', { detail: 'Wait.' }, 42);
  })
  .onError(onError);

describe('a DomainError', () => {
  it.each([
    ['invalid', 400],
    ['forbidden', 403],
    ['not_found', 404],
    ['conflict', 409],
    ['unprocessable', 422],
    ['unavailable', 503],
  ] as const)('of kind %s answers %i with its body', async (kind, status) => {
    const reply = await app.request(`/refuse/${kind}`);
    expect(reply.status).toBe(status);
    expect(await reply.json()).toEqual({ detail: 'Refused.', code: 'some_code' });
    expect(reply.headers.get('retry-after')).toBeNull();
  });

  it('of field errors answers 400 with the fields, nested ones as they are', async () => {
    const reply = await app.request('/fields');
    expect(reply.status).toBe(400);
    expect(await reply.json()).toEqual({ email: ['Enter a valid e-mail address.'], toRequisites: { card: ['Check digit.'] } });
  });

  it('of a throttled caller answers 429 with Retry-After', async () => {
    const reply = await app.request('/throttled');
    expect(reply.status).toBe(429);
    expect(reply.headers.get('retry-after')).toBe('42');
    expect(await reply.json()).toEqual({ detail: 'Wait.' });
  });
});
