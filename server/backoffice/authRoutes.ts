// /ops-api/v1/auth/: sign-in with e-mail, password and a TOTP code (throttled like the site login), sign-out, me.
import { Hono } from 'hono';
import { opsSignInRequest, type OpsOperator } from '../../src/api/schemas/ops.ts';
import { loginSucceeded, takeLoginAttempt } from '../auth/loginThrottle.ts';
import { clientIp, limitKey } from '../http/clientIp.ts';
import { fail } from '../http/errors.ts';
import { translate } from '../i18n/translate.ts';
import { tooManyRequests } from '../http/rateLimit.ts';
import { jsonBody } from '../http/validate.ts';
import { normaliseEmail } from './operators.ts';
import { signIn, signOut } from './sessions.ts';
import type { OpsEnv } from './env.ts';
import { clearSessionCookie, requireOperator, setSessionCookie } from './guard.ts';


export const opsAuthRoutes = new Hono<OpsEnv>();

opsAuthRoutes.post('/sign-in/', async (c) => {
  const db = c.get('db');
  const config = c.get('config');
  const body = await jsonBody(c, opsSignInRequest);
  // The throttle's key: an IPv6 client counts as its /64.
  const ip = limitKey(clientIp(c));
  const email = normaliseEmail(body.email);
  // Counted per address and per account in the operators' own buckets before any password hash is computed.
  const wait = await takeLoginAttempt(db, ip, email, { scale: config.rateLimitScale, captcha: false, realm: 'ops' });
  if (wait > 0) throw tooManyRequests(wait);
  const outcome = await signIn(db, body.email, body.password, body.code);
  if (!outcome.ok) {
    // One message for every refusal: a guesser learns nothing about which part was wrong.
    fail(
      400,
      /*i18n*/ { id: 'backoffice.signIn.refused', message: 'Wrong e-mail, password or code, or access is disabled.' },
      'invalid_credentials',
    );
  }
  await loginSucceeded(db, ip, email, 'ops');
  setSessionCookie(c, outcome.token);
  return c.json({ email: outcome.operator.email, role: outcome.operator.role } satisfies OpsOperator);
});

opsAuthRoutes.post('/sign-out/', requireOperator, async (c) => {
  await signOut(c.get('db'), c.get('sessionToken'), c.get('operator'));
  clearSessionCookie(c);
  return c.json({ detail: translate(c.get('locale'), /*i18n*/ { id: 'backoffice.signOut.done', message: 'Signed out.' }) });
});

opsAuthRoutes.get('/me/', requireOperator, (c) => {
  const { email, role } = c.get('operator');
  return c.json({ email, role } satisfies OpsOperator);
});
