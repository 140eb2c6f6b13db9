// /front-api/auth/: sign-in, silent refresh (rotating refresh tokens) and sign-out.
import { Hono, type Context } from 'hono';
import { eq } from 'drizzle-orm';
import { loginRequest, type AccessResponse } from '../../src/api/schemas/user.ts';
import { issueAccessToken } from '../auth/accessToken.ts';
import { tokenNotValid } from '../auth/authenticate.ts';
import { clearSessionCookies, readRefreshCookie, setSessionCookies } from '../auth/cookies.ts';
import { normalizeEmail } from '../../src/domain/email.ts';
import { clearLoginFailures, loginRetryAfter, recordLoginFailure } from '../auth/loginThrottle.ts';
import { burnPasswordCheck, passwordMatches } from '../auth/password.ts';
import { openFamily, revokeByToken, rotate } from '../auth/refreshTokens.ts';
import { accessTokenKey } from '../auth/sharedSecrets.ts';
import { users } from '../db/schema/users.ts';
import { captchaEnabled, verifyCaptcha } from '../http/captcha.ts';
import type { AppEnv } from '../http/env.ts';
import { HttpError, fieldErrors, type ErrorBody } from '../http/errors.ts';
import { clientIp } from '../http/clientIp.ts';
import { format, tr } from '../http/i18n.ts';
import { rateLimit } from '../http/rateLimit.ts';
import { sameOriginOnly } from '../http/sameOrigin.ts';
import { jsonBody } from '../http/validate.ts';

async function accessFor(c: Context<AppEnv>, userId: number, sessionId: string): Promise<AccessResponse> {
  const config = c.get('config');
  return { access: await issueAccessToken({ userId, sessionId }, await accessTokenKey(c), config.accessTokenTtlSeconds) };
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
    const locale = c.get('locale');
    const body = await jsonBody(c, loginRequest);
    const email = normalizeEmail(body.email);
    const errors: ErrorBody = {};
    const blank = tr(locale, { ru: 'Обязательное поле.', en: 'This field may not be blank.' });
    if (!email) errors.email = [blank];
    if (!body.password) errors.password = [blank];
    if (Object.keys(errors).length > 0) fieldErrors(errors);

    const ip = clientIp(c);
    const config = c.get('config');
    const db = c.get('db');
    const wait = await loginRetryAfter(db, ip, email, { scale: config.rateLimitScale, captcha: captchaEnabled(config) });
    if (wait > 0) {
      const inMinutes = wait >= 60;
      const text = inMinutes
        ? { ru: 'Слишком много неудачных попыток входа. Повторите через {n} мин.', en: 'Too many failed sign-in attempts. Try again in {n} min.' }
        : { ru: 'Слишком много неудачных попыток входа. Повторите через {n} с.', en: 'Too many failed sign-in attempts. Try again in {n} s.' };
      throw new HttpError(429, { detail: format(tr(locale, text), { n: inMinutes ? Math.ceil(wait / 60) : wait }) }, { 'Retry-After': String(wait) });
    }
    if (captchaEnabled(config) && !(await verifyCaptcha(config, body.recaptcha, ip))) {
      fieldErrors({ recaptcha: [tr(locale, { ru: 'Подтвердите, что вы не робот.', en: 'Please confirm you are not a robot.' })] });
    }

    const [user] = await db.select({ id: users.id, passwordHash: users.passwordHash }).from(users).where(eq(users.email, email));
    const valid = user ? await passwordMatches(user.passwordHash, body.password) : (await burnPasswordCheck(body.password), false);
    if (!user || !valid) {
      await recordLoginFailure(db, ip, email);
      throw new HttpError(400, {
        detail: tr(locale, {
          ru: 'Неверный e-mail или пароль.',
          en: 'No active account found with the given credentials',
        }),
      });
    }
    await clearLoginFailures(db, ip, email);
    // "Remember me" travels as ?remember=0 (the login body is fixed by the spec); absent means remembered.
    const refresh = await openFamily(db, user.id, c.req.query('remember') !== '0');
    setSessionCookies(c, refresh);
    return c.json(await accessFor(c, user.id, refresh.familyId));
  })
  .post('/refresh/', rateLimit({ name: 'refresh', capacity: 60, perSecond: 1 }), async (c) => {
    const token = readRefreshCookie(c);
    const result = token ? await rotate(c.get('db'), token, await accessTokenKey(c)) : null;
    if (!result || !result.ok) {
      clearSessionCookies(c);
      throw tokenNotValid(c);
    }
    setSessionCookies(c, result);
    return c.json(await accessFor(c, result.userId, result.familyId));
  })
  .post('/logout/', async (c) => {
    const token = readRefreshCookie(c);
    if (token) await revokeByToken(c.get('db'), token);
    clearSessionCookies(c);
    return c.json({ detail: tr(c.get('locale'), { ru: 'Вы вышли из аккаунта.', en: 'Successfully logged out.' }) });
  });
