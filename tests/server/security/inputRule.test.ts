// One input rule at the boundary: every text field of every endpoint, fed arbitrary strings (control characters,
// lone surrogates, markup), answers below 500 and stores nothing when it refuses; a NUL or a lone surrogate is the
// field's translated 400; keys like "__proto__" get a DRF-shaped error.
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validClaim, type ClaimPayload } from '../support/claims.ts';
import { call, startTestApp, type TestApp } from '../support/app.ts';
import { newUser, type SignedIn } from '../support/accounts.ts';
import { asCreator } from '../support/claimCreator.ts';

let test: TestApp;
let user: SignedIn;
let claim: ClaimPayload;

beforeAll(async () => {
  test = await startTestApp();
  user = await newUser(test);
  claim = await validClaim(test, 'BTC', 'SBERRUB');
});
afterAll(async () => {
  await test.close();
});

/** One text field of one endpoint: where it sits in an otherwise acceptable body. */
interface TextField {
  method: 'POST' | 'PUT';
  url: string;
  path: string[];
  body: () => Record<string, unknown>;
  signedIn?: boolean;
}

const password = { password: 'violet7Harbor', passwordConfirm: 'violet7Harbor' };

function fieldsOf(endpoint: Omit<TextField, 'path'>, paths: string[][]): TextField[] {
  return paths.map((path) => ({ ...endpoint, path }));
}

/** Every endpoint that takes text in a JSON body, with each of its text fields. */
function textFields(): TextField[] {
  const claimBody = () => structuredClone(claim) as unknown as Record<string, unknown>;
  return [
    ...fieldsOf({ method: 'POST', url: '/front-api/auth/login/', body: () => ({ email: user.email, password: 'x1' }) }, [['email'], ['password'], ['recaptcha']]),
    ...fieldsOf({ method: 'POST', url: '/api/v1/users/signup/', body: () => ({ email: 'new@example.com', ...password }) }, [
      ['email'],
      ['password'],
      ['passwordConfirm'],
      ['refferal'],
      ['recaptcha'],
    ]),
    ...fieldsOf({ method: 'POST', url: '/api/v1/users/restore/', body: () => ({ email: user.email }) }, [['email']]),
    ...fieldsOf({ method: 'POST', url: `/api/v1/users/restore/${'a'.repeat(43)}/`, body: () => ({ ...password }) }, [['password'], ['passwordConfirm']]),
    ...fieldsOf({ method: 'POST', url: '/api/v1/users/me/password/', signedIn: true, body: () => ({ currentPassword: 'nope', ...password }) }, [
      ['currentPassword'],
      ['password'],
      ['passwordConfirm'],
    ]),
    ...fieldsOf({ method: 'POST', url: '/api/v1/users/me/refferal/withdrawal/', signedIn: true, body: () => ({ amount: '600', requisites: '4276 3812 6044 1970' }) }, [
      ['amount'],
      ['requisites'],
    ]),
    ...fieldsOf({ method: 'POST', url: '/api/v1/verify/', signedIn: true, body: () => ({ card: '4111 1111 1111 1111' }) }, [['card']]),
    ...fieldsOf({ method: 'POST', url: '/api/v2/verify/confirm/', signedIn: true, body: () => ({ verification: '1' }) }, [['verification']]),
    ...fieldsOf({ method: 'POST', url: '/api/v1/claim/', body: claimBody }, [
      ['email'],
      ['fromSumma'],
      ['promocode'],
      ['refferal'],
      ['recaptcha'],
      ...Object.keys(claim.fromRequisites).map((name) => ['fromRequisites', name]),
      ...Object.keys(claim.toRequisites).map((name) => ['toRequisites', name]),
    ]),
  ];
}

function withValue(body: Record<string, unknown>, path: string[], value: string): Record<string, unknown> {
  let node = body;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string, unknown>;
  node[path.at(-1)!] = value;
  return body;
}

/** Rows of every table a request could write to. */
async function stored(): Promise<string> {
  const result = await test.database.db.execute(sql`
    select (select count(*) from users) as users, (select count(*) from claims) as claims,
           (select count(*) from verifications) as verifications, (select count(*) from referral_withdrawals) as withdrawals,
           (select count(*) from mail_tokens) as mail_tokens, (select count(*) from promocodes) as promocodes`);
  return JSON.stringify(result.rows[0]);
}

const BAD_CHARACTERS = ['\u0000', '\ud800', '\udfff', '\u001b', '\u0007', '\u007f', '\n', '\t'];
/** Text a single-line field cannot take: a control character or a lone surrogate somewhere in it. */
const unstorable = fc
  .tuple(fc.string({ maxLength: 12 }), fc.constantFrom(...BAD_CHARACTERS), fc.string({ maxLength: 12 }))
  .map(([before, bad, after]) => before + bad + after);
const anyText = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ maxLength: 60 }),
  fc.constantFrom('<img src=x onerror=alert(1)>', "' or 1=1 --", '{{7*7}}', '${jndi:ldap://x}', '\u202e', 'a'.repeat(300)),
  unstorable,
);

function hasBadCharacter(value: string): boolean {
  const control = [...value].some((character) => character.charCodeAt(0) < 0x20 || character === '\u007f');
  return control || /[\ud800-\udfff]/u.test(value);
}

describe('every text field of every endpoint', () => {
  it('never answers 5xx and stores nothing when it refuses; unstorable text is that field’s 400', async () => {
    const fields = textFields();
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...fields), anyText, fc.boolean(), async (field, value, english) => {
        const before = await stored();
        const url = english ? `/en${field.url}` : field.url;
        const reply = await call(test, field.method, url, withValue(field.body(), field.path, value), field.signedIn ? { token: user.access } : {});
        expect(reply.status, `${field.url} ${field.path.join('.')} ${JSON.stringify(value)}`).toBeLessThan(500);
        if (reply.status >= 400) expect(await stored()).toBe(before);
        if (hasBadCharacter(value)) {
          expect(reply.status).toBe(400);
          let errors = reply.body as Record<string, unknown>;
          for (const key of field.path) errors = (errors?.[key] ?? errors) as Record<string, unknown>;
          expect(Array.isArray(errors) || typeof reply.body.detail === 'string').toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('names the field and says why, in the caller’s language', async () => {
    const ru = await call(test, 'POST', '/api/v1/users/restore/', { email: 'a\u0000@example.com' });
    expect(ru.status).toBe(400);
    expect(ru.body).toEqual({ email: ['Поле содержит недопустимые символы (управляющие или повреждённые).'] });
    const en = await call(test, 'POST', '/en/api/v1/claim/', withValue(structuredClone(claim) as never, ['toRequisites', Object.keys(claim.toRequisites)[0]!], 'Sber\ud800'));
    expect(en.status).toBe(400);
    expect(en.body.toRequisites[Object.keys(claim.toRequisites)[0]!]).toEqual(['This field contains characters it cannot take (control or broken characters).']);
  });

  it('refuses the same characters in query strings and paths', async () => {
    expect((await call(test, 'GET', '/api/v1/news/?page=1%00')).status).toBe(400);
    expect((await call(test, 'GET', '/api/v1/claim/%00/status/')).status).toBe(400);
    const news = await call(test, 'GET', '/en/api/v1/news/x%00y/');
    expect(news.status).toBe(400);
    expect(news.body.detail).toMatch(/cannot take/);
  });
});

describe('requisites', () => {
  it('take only the characters their kind needs: markup in a bank name or a payout requisite is refused', async () => {
    const sbp = await validClaim(test, 'TON', 'SBPRUB');
    const reply = await call(test, 'POST', '/en/api/v1/claim/', { ...sbp, toRequisites: { ...sbp.toRequisites, bank: '<img src=x onerror=alert(1)>' } });
    expect(reply.status).toBe(400);
    expect(reply.body.toRequisites.bank).toEqual(['Letters, digits, spaces and ordinary punctuation only.']);
    const payout = await call(test, 'POST', '/en/api/v1/users/me/refferal/withdrawal/', { amount: '600', requisites: '<script>alert(1)</script>' }, { token: user.access });
    expect(payout.status).toBe(400);
    expect(payout.body.requisites).toEqual(['Letters, digits, spaces and ordinary punctuation only.']);
  });
});

describe('object keys', () => {
  it('answers "__proto__" and "constructor" keys with a DRF-shaped error, at any depth', async () => {
    for (const raw of [
      '{"__proto__": {"admin": true}, "email": "a@b.cd"}',
      '{"email": "a@b.cd", "constructor": {"prototype": {"x": 1}}}',
    ]) {
      const reply = await call(test, 'POST', '/en/api/v1/users/restore/', undefined, { raw });
      expect(reply.status).toBe(400);
      expect(reply.body).toEqual({ detail: expect.stringMatching(/^Field name "(__proto__|constructor)" is not allowed\.$/), code: 'forbidden_key' });
    }
    const requisites = { ...claim.toRequisites };
    Object.defineProperty(requisites, '__proto__', { value: 'x', enumerable: true });
    const nested = await call(test, 'POST', '/api/v1/claim/', undefined, { raw: JSON.stringify({ ...claim, toRequisites: requisites }) });
    expect(nested.status).toBe(400);
    expect(nested.body.code).toBe('forbidden_key');
  });

  it('keeps "__proto__" as a visible field name where a schema reports it (empty-body actions)', async () => {
    const created = await call(test, 'POST', '/api/v1/claim/', claim);
    expect(created.status).toBe(201);
    const reply = await call(test, 'POST', `/api/v1/claim/${created.body.uuid}/confirm/`, undefined, asCreator(created.body.uuid, { raw: '{"__proto__": 1}' }));
    expect(reply.status).toBe(400);
    expect(Object.keys(reply.body)).toEqual(['__proto__']);
  });
});
