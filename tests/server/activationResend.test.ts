// POST /api/v1/users/reactivate/email/: the page after sign-up asks for the activation mail again by address,
// signed out; the answer never tells whether the address has an account, and an address gets few mails an hour.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTIVATION_MAILS_PER_ADDRESS_HOUR } from '../../server/accounts/activation.ts';
import { call, startTestApp, type TestApp, uniqueIp } from './support/app.ts';
import { activate, mailCount, signup, uniqueEmail, waitForMail } from './support/accounts.ts';

let test: TestApp;

beforeAll(async () => {
  // The limits are what is tested here.
  test = await startTestApp({ RATE_LIMIT_SCALE: '1' });
});
afterAll(async () => {
  await test.close();
});

const resend = (email: unknown, prefix = '', ip = uniqueIp()) =>
  call(test, 'POST', `${prefix}/api/v1/users/reactivate/email/`, { email }, { ip });

/** Lets a mail that should not come have its chance to arrive. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

describe('reactivate by e-mail', () => {
  it('mails a new link to an account awaiting activation, and the earlier link stops working', async () => {
    const email = await signup(test);
    const first = (await waitForMail(test, email, 'activation')).link.split('/activate/')[1]!;
    const result = await resend(email.toUpperCase());
    expect(result.status).toBe(200);
    expect(result.body.detail).toBe('Если аккаунт с таким e-mail ждёт активации, мы отправили на него новую ссылку.');
    await expect.poll(() => mailCount(test, email, 'activation')).toBe(2);
    expect((await call(test, 'POST', `/api/v1/users/activate/${first}/`)).status).toBe(400);
  });

  it('answers alike, in English under /en, for an unknown address and an active account, mailing neither', async () => {
    const active = await signup(test);
    await activate(test, active);
    const before = mailCount(test, active, 'activation');
    const unknownEmail = uniqueEmail('nobody');
    const unknown = await resend(unknownEmail, '/en');
    const known = await resend(active, '/en');
    expect(unknown.status).toBe(200);
    expect(known.body).toEqual(unknown.body);
    expect(unknown.body.detail).toBe('If an account with this e-mail is waiting for activation, we have sent it a new link.');
    await settle();
    expect(mailCount(test, unknownEmail, 'activation')).toBe(0);
    expect(mailCount(test, active, 'activation')).toBe(before);
  });

  it(`sends an address at most ${ACTIVATION_MAILS_PER_ADDRESS_HOUR} mails an hour, from any client, with the same answer`, async () => {
    const email = await signup(test);
    await waitForMail(test, email, 'activation');
    for (let i = 0; i < ACTIVATION_MAILS_PER_ADDRESS_HOUR + 2; i++) expect((await resend(email)).status).toBe(200);
    await expect.poll(() => mailCount(test, email, 'activation')).toBe(1 + ACTIVATION_MAILS_PER_ADDRESS_HOUR);
    await settle();
    expect(mailCount(test, email, 'activation')).toBe(1 + ACTIVATION_MAILS_PER_ADDRESS_HOUR);
  });

  it('limits one client, and refuses a bad address with a translated field error, mailing nothing', async () => {
    const ip = uniqueIp();
    const bad = await resend('not-an-address', '/en', ip);
    expect(bad.status).toBe(400);
    expect(bad.body.email[0]).toMatch(/@/);
    expect((await resend({ nested: true }, '', ip)).status).toBe(400);
    expect((await resend(uniqueEmail(), '', ip)).status).toBe(200);
    const limited = await resend(uniqueEmail(), '', ip);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
  });
});
