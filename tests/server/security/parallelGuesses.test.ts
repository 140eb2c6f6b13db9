// Guesses sent at once: the attempt is counted by the statement that lets it through, so 30 parallel wrong
// passwords for one account from one address check no more passwords than the allowance; operator sign-in
// is counted per address and per account the same way, before any password hash.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI_ACTOR } from '../../../server/backoffice/audit.ts';
import { createOperator } from '../../../server/backoffice/operators.ts';
import { totpCode } from '../../../server/backoffice/totp.ts';
import { call, startTestApp, type TestApp, uniqueIp } from '../support/app.ts';
import { PASSWORD, signup, uniqueEmail } from '../support/accounts.ts';

let test: TestApp;

beforeAll(async () => {
  test = await startTestApp({ RATE_LIMIT_SCALE: '1' });
});
afterAll(async () => {
  await test.close();
});

function statuses(replies: { status: number }[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const { status } of replies) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
}

describe('site sign-in', () => {
  it('answers at most five of 30 parallel wrong passwords for one account from one address, the rest 429', async () => {
    const email = await signup(test);
    const ip = uniqueIp();
    const replies = await Promise.all(
      Array.from({ length: 30 }, (_, index) =>
        call(test, 'POST', '/en/front-api/auth/login/', { email, password: `guess-${index}-Harbor` }, { ip }),
      ),
    );
    const counts = statuses(replies);
    expect(counts[400] ?? 0).toBeLessThanOrEqual(5);
    expect(counts[429]).toBeGreaterThanOrEqual(25);
    expect(Object.keys(counts).sort()).toEqual(['400', '429']);
  });

  it("counts the owner's correct password within the address allowance", async () => {
    const email = await signup(test);
    const ip = uniqueIp();
    for (let index = 0; index < 29; index += 1)
      expect((await call(test, 'POST', '/front-api/auth/login/', { email: uniqueEmail(), password: 'x-Harbor-1' }, { ip })).status).toBe(400);
    expect((await call(test, 'POST', '/front-api/auth/login/', { email, password: PASSWORD }, { ip })).status).toBe(200);
  });
});

describe('operator sign-in', () => {
  it('answers at most five of 30 parallel wrong attempts for one operator from one address', async () => {
    const operator = await createOperator(test.database.db, CLI_ACTOR, uniqueEmail('op'), 'operator-pass-1');
    const ip = uniqueIp();
    const replies = await Promise.all(
      Array.from({ length: 30 }, (_, index) =>
        call(test, 'POST', '/ops-api/en/v1/auth/sign-in/', { email: operator.email, password: `wrong-${index}-pass`, code: '000000' }, { ip }),
      ),
    );
    const counts = statuses(replies);
    expect(counts[400] ?? 0).toBeLessThanOrEqual(5);
    expect(counts[429]).toBeGreaterThanOrEqual(25);
    // The owner's right code still works from elsewhere.
    const right = await call(test, 'POST', '/ops-api/v1/auth/sign-in/', { email: operator.email, password: 'operator-pass-1', code: totpCode(operator.secret) }, { ip: uniqueIp() });
    expect(right.status).toBe(200);
  });

  it('stops one address trying many operators', async () => {
    const ip = uniqueIp();
    const replies: number[] = [];
    for (let index = 0; index < 32; index += 1)
      replies.push((await call(test, 'POST', '/ops-api/v1/auth/sign-in/', { email: uniqueEmail('op'), password: 'operator-pass-1', code: '000000' }, { ip })).status);
    expect(replies.slice(0, 30).every((status) => status === 400)).toBe(true);
    expect(replies.slice(30)).toEqual([429, 429]);
  });
});
