// /front-api/auth/: sign-in, silent refresh (rotating refresh tokens) and sign-out.
import { Hono, type Context } from 'hono';
import { loginRequest, type AccessResponse } from '../../src/api/schemas/user.ts';
import { issueAccessToken } from '../auth/accessToken.ts';
import { tokenNotValid } from '../http/authenticate.ts';
import { clearSessionCookies, readRefreshCookie, setSessionCookies } from '../http/refreshCookie.ts';
import { normalizeEmail } from '../../src/domain/email.ts';
import { openFamily, revokeByToken, revokeFamily, rotate } from '../auth/refreshTokens.ts';
import { accessTokenKey } from '../auth/sharedSecrets.ts';
import { captchaEnabled, verifyCaptcha } from '../auth/captcha.ts';
import type { AppEnv } from '../http/env.ts';
import { fieldErrors, type ErrorBody } from '../http/errors.ts';
import { clientIp, limitKey } from '../http/clientIp.ts';
import { translate } from '../i18n/translate.ts';
import { rateLimit } from '../http/rateLimit.ts';
import { sameOriginOnly } from '../http/sameOrigin.ts';
import { jsonBody } from '../http/validate.ts';
import { takeSignInAttempt, verifyCredentials } from './signIn.ts';
import { isUserBlocked, refreshTokenOfBlockedUser, refuseBlocked } from './userBlocks.ts';

async function accessFor(c: Context<AppEnv>, userId: number, sessionId: string): Promise<AccessResponse> {
  const config = c.get('config');
  const key = await accessTokenKey(c.get('db'), config);
  return { access: await issueAccessToken({ userId, sessionId }, key, config.accessTokenTtlSeconds) };
}

export const authRoutes = new Hono<AppEnv>()
  // The auth endpoints live outside /en, so the language comes as ?locale=en.
  .use('*', async (c, next) => {
    if (c.req.query('locale') === 'en') c.set('locale', 'en');
    else if (c.req.query('locale') === 'ru') c.set('locale', 'ru');
    await next();
  })
  // Every call here rides on (or sets) the session cookies.
  .use('*', sameOriginOnly)
  .post('/login/', rateLimit({ name: 'login', capacity: 30, perSecond: 0.5 }), async (c) => {
    const body = await jsonBody(c, loginRequest);
    const email = normalizeEmail(body.email);
    const errors: ErrorBody = {};
    const blank = /*i18n*/ { id: 'accounts.signIn.blank', message: 'This field may not be blank.' };
    if (!email) errors.email = [blank];
    if (!body.password) errors.password = [blank];
    if (Object.keys(errors).length > 0) fieldErrors(errors);

    const ip = clientIp(c);
    // The throttle counts attempts under this key; a success gives its attempt back under the same one.
    const counted = limitKey(ip);
    const config = c.get('config');
    const db = c.get('db');
    await takeSignInAttempt(db, config, counted, email, captchaEnabled(config));
    if (captchaEnabled(config) && !(await verifyCaptcha(config, body.recaptcha, ip))) {
      fieldErrors({ recaptcha: [/*i18n*/ { id: 'accounts.captcha.unconfirmed', message: 'Please confirm you are not a robot.' }] });
    }

    const userId = await verifyCredentials(db, counted, email, body.password);
    // "Remember me" travels as ?remember=0 (the login body is the one docs/product.md §7 fixes); absent means remembered.
    const refresh = await openFamily(db, userId, c.req.query('remember') !== '0');
    setSessionCookies(c, refresh);
    return c.json(await accessFor(c, userId, refresh.familyId));
  })
  .post('/refresh/', rateLimit({ name: 'refresh', capacity: 60, perSecond: 1 }), async (c) => {
    const token = readRefreshCookie(c);
    const db = c.get('db');
    const result = token ? await rotate(db, token, await accessTokenKey(db, c.get('config'))) : null;
    // Blocking ends the sessions; a blocked account is told why rather than just signed out.
    if (token && (result?.ok ? await isUserBlocked(db, result.userId) : await refreshTokenOfBlockedUser(db, token))) {
      if (result?.ok) await revokeFamily(db, result.familyId);
      clearSessionCookies(c);
      refuseBlocked();
    }
    if (!result || !result.ok) {
      clearSessionCookies(c);
      throw tokenNotValid();
    }
    setSessionCookies(c, result);
    return c.json(await accessFor(c, result.userId, result.familyId));
  })
  .post('/logout/', async (c) => {
    const token = readRefreshCookie(c);
    if (token) await revokeByToken(c.get('db'), token);
    clearSessionCookies(c);
    return c.json({ detail: translate(c.get('locale'), /*i18n*/ { id: 'accounts.signOut.done', message: 'Successfully logged out.' }) });
  });
