// The redaction layer of the log: what looks like a card number, an e-mail, a token, a password or a mail link is
// masked wherever it stands in a line; a failed query is logged without its bound parameters.
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import { redactFields, redactLine, serializeError } from '../../server/logging/redact.ts';

const production = { mailLinks: false };
const demo = { mailLinks: true };

describe('redactLine', () => {
  it('masks Luhn-valid card numbers written whole, with spaces or with dashes, keeping the last four digits', () => {
    for (const card of ['4111111111111111', '4111 1111 1111 1111', '4111-1111-1111-1111', '2200 7001 2345 6789 004']) {
      const line = redactLine(`{"msg":"requisite ${card} refused"}`, production);
      expect(line).not.toContain(card);
      expect(line).not.toContain(card.replace(/\D/g, ''));
      expect(line).toMatch(/\[card \*\*\*\*\d{4}\]/);
    }
  });

  it('finds a card written next to another number, and leaves numbers that fail Luhn alone', () => {
    expect(redactLine('amount 100 4111 1111 1111 1111 paid', production)).toBe('amount 100 [card ****1111] paid');
    expect(redactLine('order 4111111111111112 and time 2026-11-26T16:04:42.123Z', production)).toBe(
      'order 4111111111111112 and time 2026-11-26T16:04:42.123Z',
    );
  });

  it('masks e-mail addresses to their first letter and domain', () => {
    expect(redactLine('mail for alice.smith+x@example.com sent', production)).toBe('mail for a***@example.com sent');
    expect(redactLine('email=bob%40example.org', production)).toBe('email=b***%40example.org');
  });

  it('masks bearer tokens, JWTs, opaque tokens and named secrets, and keeps claim uuids', () => {
    const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJlX3NpZ25hdHVyZQ';
    const opaque = 'q3V9dF0yZ1JkQ2lFbU9wLUFfbGtWb3M4dGh3WnF4';
    const uuid = '0b7c2f0e-3d4a-4c2b-9f1e-5a6b7c8d9e0f';
    const line = redactLine(
      `Authorization: Bearer ${opaque} jwt ${jwt} refresh ${opaque} password=hunter2hunter2 claim ${uuid}`,
      production,
    );
    for (const secret of [jwt, opaque, 'hunter2hunter2']) expect(line).not.toContain(secret);
    expect(line).toContain(uuid);
  });

  it('masks the token of a mail link in production and keeps the link readable in the demo', () => {
    const token = 'Zm9vYmFyYmF6cXV4MTIzNDU2Nzg5MEFCQ0RFRkdI';
    const activation = `http://127.0.0.1:3000/en/activate/${token}`;
    const restore = `https://exchanger.example.com/recover?token=${token}&x=1`;
    for (const link of [activation, restore]) {
      expect(redactLine(`link ${link}`, production)).not.toContain(token);
      expect(redactLine(`link ${link}`, demo)).toContain(token);
    }
    expect(redactLine(`link ${activation}`, production)).toBe('link http://127.0.0.1:3000/en/activate/[redacted]');
    expect(redactLine('otpauth link https://x.example/totp?secret=JBSWY3DPEHPK3PXP', production)).not.toContain('JBSWY3DPEHPK3PXP');
  });
});

describe('redactFields', () => {
  it('masks fields named like secrets at any depth', () => {
    expect(
      redactFields({ email: 'x', nested: { password: 'p', passwordConfirm: 'p', list: [{ refreshToken: 't', code: '123456' }] } }),
    ).toEqual({
      email: 'x',
      nested: { password: '[redacted]', passwordConfirm: '[redacted]', list: [{ refreshToken: '[redacted]', code: '[redacted]' }] },
    });
  });
});

describe('serializeError', () => {
  it('logs a failed query with its SQL and the database code, never its parameters or detail', () => {
    const cause = Object.assign(new Error('duplicate key value violates unique constraint "users_email_unique"'), {
      code: '23505',
      constraint: 'users_email_unique',
      detail: 'Key (email)=(secret@example.com) already exists.',
    });
    const error = new DrizzleQueryError('insert into users (email, card) values ($1, $2)', ['secret@example.com', '4111111111111111'], cause);
    const fields = serializeError(error);
    const text = JSON.stringify(fields);
    expect(text).not.toContain('secret@example.com');
    expect(text).not.toContain('4111111111111111');
    expect(fields).toMatchObject({
      type: 'DrizzleQueryError',
      message: 'Failed query',
      query: 'insert into users (email, card) values ($1, $2)',
      cause: { code: '23505', constraint: 'users_email_unique' },
    });
  });

  it('drops the value PostgreSQL repeats in an invalid-input message', () => {
    expect(serializeError(new Error('invalid input syntax for type uuid: "hunter2"')).message).toBe(
      'invalid input syntax for type uuid',
    );
  });
});
