// /api/v1/users/: sign-up, activation, password restore, and the signed-in user's own data
// (profile, claims, password, referral balance and movements, withdrawals, promo codes). HTTP only: each handler
// parses the request, calls a service of server/services/accounts and presents the answer.
import { Hono, type Context } from 'hono';
import type { ClaimListItem } from '../../src/api/schemas/claim.ts';
import {
  passwordChangeRequest,
  reactivateByEmailRequest,
  reactivateRequest,
  resetRequest,
  restoreRequest,
  signupRequest,
  withdrawalRequest,
  type ReferralBalance,
} from '../../src/api/schemas/user.ts';
import { admittedSession, authenticate, currentUserId, sessionOf, signedSession, tokenNotValid } from '../http/authenticate.ts';
import { captchaEnabled, verifyCaptcha } from '../auth/captcha.ts';
import { clientIp } from '../http/clientIp.ts';
import type { AppEnv } from '../http/env.ts';
import { fieldErrors } from '../http/errors.ts';
import { translate } from '../i18n/translate.ts';
import { pagedBody, readDateRange, readPage } from '../http/paging.ts';
import { currencyDto, movementDto, promocodeDto, userDto, withdrawalDto } from '../http/presenters.ts';
import { rateLimit } from '../http/rateLimit.ts';
import { jsonBody } from '../http/validate.ts';
import { claimPage, movementCount, movementPage, withdrawalPage } from './accountLists.ts';
import { activateByToken, resendActivation, resendActivationByEmail } from './activation.ts';
import { requestPasswordReset, resetPassword } from './passwordReset.ts';
import { accountOf, changePassword, ownPromocodes, referralStanding } from './profile.ts';
import { MIN_WITHDRAWAL, REFERRAL_PERCENT, REFERRAL_UNIT } from './referralTerms.ts';
import { checkSignup, register } from './signup.ts';
import { requestWithdrawal } from './withdrawals.ts';

/** The mail token of a path, checked for shape before it reaches the database. */
function pathToken(c: Context<AppEnv>): string | null {
  const token = c.req.param('token') ?? '';
  return /^[A-Za-z0-9_-]{20,128}$/.test(token) ? token : null;
}

function me(c: Context<AppEnv>) {
  return accountOf(c.get('db'), currentUserId(c));
}

const account = new Hono<AppEnv>()
  // Ahead of `authenticate`, which it does not pass through: the orders list's own statement carries the session
  // check (claimPage), one round trip instead of two on every visit of the orders page.
  .get('/claims/', async (c) => {
    const caller = await signedSession(c);
    if (!caller) throw tokenNotValid();
    const page = readPage(c);
    const { session, total, rows } = await claimPage(c.get('db'), caller, page);
    if (!admittedSession(caller, session)) throw tokenNotValid();
    c.set('userId', caller.userId);
    const locale = c.get('locale');
    const results: ClaimListItem[] = rows.map(({ claim, from, to }) => ({
      uuid: claim.uuid,
      status: claim.status,
      from: { currency: currencyDto(from, locale), summa: claim.fromSumma },
      to: { currency: currencyDto(to, locale), summa: claim.toSumma },
      createdAt: claim.createdAt.toISOString(),
    }));
    return c.json(pagedBody(c, page, total, results));
  })
  .use('*', authenticate)
  .get('/', async (c) => c.json(userDto(await me(c))))
  .post('/password/', rateLimit({ name: 'password-change', capacity: 10, perSecond: 0.05 }), async (c) => {
    const body = await jsonBody(c, passwordChangeRequest);
    // Other devices are signed out; this one keeps its session.
    const session = await sessionOf(c);
    await changePassword(c.get('db'), await me(c), body, session?.sessionId);
    return c.json({ detail: translate(c.get('locale'), /*i18n*/ { id: 'accounts.password.changed', message: 'Password has been changed.' }) });
  })
  .get('/refferal/', async (c) => {
    const user = await me(c);
    const standing = await referralStanding(c.get('db'), user.id);
    const body: ReferralBalance = {
      balance: standing.balance,
      unit: REFERRAL_UNIT,
      percent: REFERRAL_PERCENT,
      minWithdrawal: MIN_WITHDRAWAL,
      referralCode: user.referralCode,
      invited: standing.invited,
    };
    return c.json(body);
  })
  .get('/refferal/dw/', async (c) => {
    const page = readPage(c);
    const { total, rows } = await movementPage(c.get('db'), currentUserId(c), readDateRange(c), page);
    return c.json(pagedBody(c, page, total, rows.map((row) => movementDto(row, c.get('locale')))));
  })
  .get('/refferal/dw/count/', async (c) => {
    return c.json({ count: await movementCount(c.get('db'), currentUserId(c), readDateRange(c)) });
  })
  .get('/refferal/withdrawal/', async (c) => {
    const page = readPage(c);
    const { total, rows } = await withdrawalPage(c.get('db'), currentUserId(c), readDateRange(c), page);
    return c.json(pagedBody(c, page, total, rows.map(withdrawalDto)));
  })
  .post('/refferal/withdrawal/', rateLimit({ name: 'withdrawal', capacity: 10, perSecond: 0.1 }), async (c) => {
    const body = await jsonBody(c, withdrawalRequest);
    const withdrawal = await requestWithdrawal(c.get('db'), await me(c), body);
    return c.json(
      {
        detail: translate(c.get('locale'), /*i18n*/ { id: 'accounts.withdrawal.created', message: 'Withdrawal request has been successfully created' }),
        ...withdrawalDto(withdrawal),
      },
      201,
    );
  })
  .get('/promocodes/', async (c) => {
    const rows = await ownPromocodes(c.get('db'), currentUserId(c));
    const now = new Date();
    return c.json(rows.map((row) => promocodeDto(row, now)));
  });

export const usersRoutes = new Hono<AppEnv>()
  .post('/signup/', rateLimit({ name: 'signup', capacity: 10, perSecond: 1 / 60 }), async (c) => {
    const locale = c.get('locale');
    const db = c.get('db');
    const config = c.get('config');
    const body = await jsonBody(c, signupRequest);
    const signup = await checkSignup(db, body);
    // The robot check comes after the fields, so a person sees every field problem before solving it.
    if (captchaEnabled(config) && !(await verifyCaptcha(config, body.recaptcha, clientIp(c)))) {
      fieldErrors({ recaptcha: [/*i18n*/ { id: 'accounts.captcha.unconfirmed', message: 'Please confirm you are not a robot.' }] });
    }
    await register(db, config, locale, signup);
    return c.json(
      {
        detail: translate(locale, /*i18n*/ {
          id: 'accounts.signup.done',
          message: 'You are registered. We have sent you an e-mail with a link to activate the account.',
        }),
        email: signup.email,
      },
      201,
    );
  })
  .post('/activate/:token/', rateLimit({ name: 'activate', capacity: 20, perSecond: 0.2 }), async (c) => {
    await activateByToken(c.get('db'), pathToken(c));
    return c.json({ detail: translate(c.get('locale'), /*i18n*/ { id: 'accounts.activation.done', message: 'Account successfully activated' }) });
  })
  .post('/restore/', rateLimit({ name: 'restore', capacity: 5, perSecond: 1 / 60 }), async (c) => {
    const locale = c.get('locale');
    const body = await jsonBody(c, restoreRequest);
    requestPasswordReset(c.get('db'), c.get('config'), locale, body.email);
    return c.json({
      detail: translate(locale, /*i18n*/ {
        id: 'accounts.passwordReset.requested',
        message: 'If an account with this e-mail exists, we have sent it a link to set a new password.',
      }),
    });
  })
  .post('/restore/:token/', rateLimit({ name: 'restore-token', capacity: 20, perSecond: 0.2 }), async (c) => {
    const body = await jsonBody(c, resetRequest);
    await resetPassword(c.get('db'), pathToken(c), body);
    return c.json({
      detail: translate(c.get('locale'), /*i18n*/ { id: 'accounts.passwordReset.done', message: 'Your password has been changed. Sign in with the new password.' }),
    });
  })
  .post('/reactivate/', authenticate, rateLimit({ name: 'reactivate', capacity: 3, perSecond: 1 / 60 }), async (c) => {
    const locale = c.get('locale');
    // The call carries no data: an empty body is fine, anything else must be an empty JSON object.
    if ((await c.req.text()).trim() !== '') await jsonBody(c, reactivateRequest);
    await resendActivation(c.get('db'), c.get('config'), locale, await me(c));
    return c.json({ detail: translate(locale, /*i18n*/ { id: 'accounts.activation.resent', message: 'We have sent the activation e-mail again.' }) });
  })
  .post('/reactivate/email/', rateLimit({ name: 'reactivate-email', capacity: 3, perSecond: 1 / 60 }), async (c) => {
    const locale = c.get('locale');
    const body = await jsonBody(c, reactivateByEmailRequest);
    await resendActivationByEmail(c.get('db'), c.get('config'), locale, body.email);
    return c.json({
      detail: translate(locale, /*i18n*/ {
        id: 'accounts.activation.resentByEmail',
        message: 'If an account with this e-mail is waiting for activation, we have sent it a new link.',
      }),
    });
  })
  .route('/me/', account);
