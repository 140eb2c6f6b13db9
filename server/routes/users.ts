// /api/v1/users/: sign-up, activation, password restore, and the signed-in user's own data
// (profile, claims, password, referral balance and movements, withdrawals, promo codes).
import { Hono, type Context } from 'hono';
import { and, asc, count, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ClaimListItem } from '../../src/api/schemas/claim.ts';
import {
  passwordChangeRequest,
  reactivateRequest,
  resetRequest,
  restoreRequest,
  signupRequest,
  withdrawalRequest,
  type ReferralBalance,
} from '../../src/api/schemas/user.ts';
import { compare, isPositive, parseAmount } from '../../src/domain/money.ts';
import { requisiteProblem } from '../../src/domain/requisites.ts';
import { activateAccount } from '../services/accounts/activateAccount.ts';
import { createAccount } from '../services/accounts/createAccount.ts';
import { countedRows } from '../services/accounts/listCounts.ts';
import { checkNewPassword } from '../services/accounts/passwordRules.ts';
import { currencyDto, movementDto, promocodeDto, userDto, withdrawalDto } from '../http/presenters.ts';
import { normalizeReferralCode } from '../services/accounts/referralCode.ts';
import { MIN_WITHDRAWAL, REFERRAL_DECIMALS, REFERRAL_PERCENT, REFERRAL_UNIT } from '../services/accounts/referralTerms.ts';
import { createWithdrawal } from '../services/accounts/withdrawals.ts';
import { authenticate, currentUserId, sessionOf } from '../auth/authenticate.ts';
import { emailValid, normalizeEmail } from '../../src/domain/email.ts';
import { consumeMailToken, issueMailToken, mailTokenEmail } from '../auth/mailTokens.ts';
import { hashPassword, passwordMatches } from '../auth/password.ts';
import { revokeUserFamilies } from '../auth/refreshTokens.ts';
import type { Db } from '../db/index.ts';
import { currencies } from '../db/schema/calculator.ts';
import { claims } from '../db/schema/claims.ts';
import { promocodes } from '../db/schema/promocodes.ts';
import { referralBalances, referralMovements, withdrawals } from '../db/schema/referral.ts';
import { users, type UserRow } from '../db/schema/users.ts';
import { captchaEnabled, verifyCaptcha } from '../http/captcha.ts';
import type { AppEnv } from '../http/env.ts';
import { fail, fieldErrors, type ErrorBody } from '../http/errors.ts';
import { tr } from '../http/i18n.ts';
import { log } from '../http/log.ts';
import { pagedBody, pageWindow, readDateRange, readPage, type DateRange } from '../http/paging.ts';
import { clientIp } from '../http/clientIp.ts';
import { rateLimit } from '../http/rateLimit.ts';
import { jsonBody } from '../http/validate.ts';
import { sendMail } from '../mail/send.ts';
import { activationLink, activationMail, recoverPageLink, restoreLink, restoreMail, signupAttemptMail } from '../mail/templates.ts';
import { requisiteMessage } from '../services/requisiteMessages.ts';

function mailSettings(c: Context<AppEnv>) {
  const config = c.get('config');
  return { smtpUrl: config.smtpUrl, dataDir: config.dataDir, from: config.supportEmail };
}

async function sendActivation(c: Context<AppEnv>, user: { id: number; email: string }): Promise<void> {
  const token = await issueMailToken(c.get('db'), user.id, 'activation');
  const locale = c.get('locale');
  await sendMail(mailSettings(c), activationMail(locale, user.email, activationLink(c.get('config').publicUrl, locale, token)));
}

async function me(c: Context<AppEnv>): Promise<UserRow> {
  const [user] = await c.get('db').select().from(users).where(eq(users.id, currentUserId(c)));
  if (!user) fail(404, tr(c.get('locale'), { ru: 'Пользователь не найден.', en: 'User not found.' }));
  return user;
}

/** The mail token of a path, checked for shape before it reaches the database. */
function pathToken(c: Context<AppEnv>): string | null {
  const token = c.req.param('token') ?? '';
  return /^[A-Za-z0-9_-]{20,128}$/.test(token) ? token : null;
}

function inRange(column: typeof referralMovements.createdAt | typeof withdrawals.createdAt, range: DateRange): SQL[] {
  const conditions: SQL[] = [];
  if (range.from) conditions.push(gte(column, range.from));
  if (range.to) conditions.push(lt(column, range.to));
  return conditions;
}

/** All of a partner's movements: the kept count; within dates: counted over that range of the list index. */
async function movementCount(db: Db, userId: number, range: DateRange): Promise<number> {
  if (!range.from && !range.to) return countedRows(db, userId, 'referral_movements');
  const where = and(eq(referralMovements.userId, userId), ...inRange(referralMovements.createdAt, range));
  const [total] = await db.select({ value: count() }).from(referralMovements).where(where);
  return total?.value ?? 0;
}

const fromCurrency = alias(currencies, 'from_currency');
const toCurrency = alias(currencies, 'to_currency');


const account = new Hono<AppEnv>()
  .use('*', authenticate)
  .get('/', async (c) => c.json(userDto(await me(c))))
  .get('/claims/', async (c) => {
    // The account's claims: made while signed in, or with its e-mail once activated (activateAccount adopts them).
    const userId = currentUserId(c);
    const page = readPage(c);
    const db = c.get('db');
    const total = await countedRows(db, userId, 'claims');
    const window = pageWindow(page, total);
    const order = window.reversed ? [asc(claims.createdAt), asc(claims.uuid)] : [desc(claims.createdAt), desc(claims.uuid)];
    // The page's keys come from the owner index alone (index-only scan); only those rows are read in full.
    const keys = db
      .select({ uuid: claims.uuid })
      .from(claims)
      .where(eq(claims.userId, userId))
      .orderBy(...order)
      .limit(window.take)
      .offset(window.skip)
      .as('page_keys');
    const rows =
      window.take === 0
        ? []
        : await db
            .select({ claim: claims, from: fromCurrency, to: toCurrency })
            .from(keys)
            .innerJoin(claims, eq(claims.uuid, keys.uuid))
            .innerJoin(fromCurrency, eq(fromCurrency.id, claims.fromCurrencyId))
            .innerJoin(toCurrency, eq(toCurrency.id, claims.toCurrencyId))
            .orderBy(desc(claims.createdAt), desc(claims.uuid));
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
  .post('/password/', rateLimit({ name: 'password-change', capacity: 10, perSecond: 0.05 }), async (c) => {
    const locale = c.get('locale');
    const body = await jsonBody(c, passwordChangeRequest);
    const user = await me(c);
    const errors: ErrorBody = {};
    if (!(await passwordMatches(user.passwordHash, body.currentPassword))) {
      errors.currentPassword = [tr(locale, { ru: 'Неверный текущий пароль.', en: 'The current password is wrong.' })];
    }
    checkNewPassword(errors, body.password, body.passwordConfirm, locale, user.email);
    if (Object.keys(errors).length > 0) fieldErrors(errors);
    await c.get('db').update(users).set({ passwordHash: await hashPassword(body.password) }).where(eq(users.id, user.id));
    // Other devices are signed out; this one keeps its session.
    const session = await sessionOf(c);
    await revokeUserFamilies(c.get('db'), user.id, session?.sessionId);
    return c.json({ detail: tr(locale, { ru: 'Пароль изменён.', en: 'Password has been changed.' }) });
  })
  .get('/refferal/', async (c) => {
    const user = await me(c);
    const db = c.get('db');
    const [balance] = await db.select({ balance: referralBalances.balance }).from(referralBalances).where(eq(referralBalances.userId, user.id));
    const [invited] = await db.select({ value: count() }).from(users).where(eq(users.referredBy, user.id));
    const body: ReferralBalance = {
      balance: balance?.balance ?? '0.00',
      unit: REFERRAL_UNIT,
      percent: REFERRAL_PERCENT,
      minWithdrawal: MIN_WITHDRAWAL,
      referralCode: user.referralCode,
      invited: invited?.value ?? 0,
    };
    return c.json(body);
  })
  .get('/refferal/dw/', async (c) => {
    const userId = currentUserId(c);
    const page = readPage(c);
    const range = readDateRange(c);
    const where = and(eq(referralMovements.userId, userId), ...inRange(referralMovements.createdAt, range));
    const db = c.get('db');
    const total = await movementCount(db, userId, range);
    const window = pageWindow(page, total);
    const order = window.reversed
      ? [asc(referralMovements.createdAt), asc(referralMovements.id)]
      : [desc(referralMovements.createdAt), desc(referralMovements.id)];
    const keys = db.select({ id: referralMovements.id }).from(referralMovements).where(where).orderBy(...order).limit(window.take).offset(window.skip).as('page_keys');
    const rows =
      window.take === 0
        ? []
        : await db
            .select({ movement: referralMovements })
            .from(keys)
            .innerJoin(referralMovements, eq(referralMovements.id, keys.id))
            .orderBy(desc(referralMovements.createdAt), desc(referralMovements.id));
    return c.json(pagedBody(c, page, total, rows.map(({ movement }) => movementDto(movement, c.get('locale')))));
  })
  .get('/refferal/dw/count/', async (c) => {
    return c.json({ count: await movementCount(c.get('db'), currentUserId(c), readDateRange(c)) });
  })
  .get('/refferal/withdrawal/', async (c) => {
    const userId = currentUserId(c);
    const page = readPage(c);
    const where = and(eq(withdrawals.userId, userId), ...inRange(withdrawals.createdAt, readDateRange(c)));
    const db = c.get('db');
    const [total] = await db.select({ value: count() }).from(withdrawals).where(where);
    const rows = await db
      .select()
      .from(withdrawals)
      .where(where)
      .orderBy(desc(withdrawals.createdAt), desc(withdrawals.id))
      .limit(page.size)
      .offset(page.offset);
    return c.json(pagedBody(c, page, total?.value ?? 0, rows.map(withdrawalDto)));
  })
  .post('/refferal/withdrawal/', rateLimit({ name: 'withdrawal', capacity: 10, perSecond: 0.1 }), async (c) => {
    const locale = c.get('locale');
    const body = await jsonBody(c, withdrawalRequest);
    const user = await me(c);
    if (!user.activated) {
      fail(403, tr(locale, { ru: 'Сначала активируйте аккаунт по ссылке из письма.', en: 'Activate your account first (see the e-mail we sent).' }));
    }
    const errors: ErrorBody = {};
    const amount = parseAmount(body.amount);
    const decimals = amount?.split('.')[1]?.length ?? 0;
    if (amount === null || !isPositive(amount) || decimals > REFERRAL_DECIMALS) {
      errors.amount = [tr(locale, { ru: 'Введите сумму в рублях, например 1500 или 1500.50.', en: 'Enter an amount in roubles, e.g. 1500 or 1500.50.' })];
    } else if (compare(amount, MIN_WITHDRAWAL) < 0) {
      errors.amount = [tr(locale, { ru: `Минимальная сумма вывода — ${MIN_WITHDRAWAL} ₽.`, en: `The minimum withdrawal is ${MIN_WITHDRAWAL} RUB.` })];
    }
    const requisites = body.requisites.trim();
    const problem = requisiteProblem('text', requisites);
    if (requisites.length < 5) {
      errors.requisites = [tr(locale, { ru: 'Укажите карту или кошелёк для выплаты.', en: 'Enter the card or wallet to pay to.' })];
    } else if (problem) {
      // Shown to operators: the same characters as any free-text requisite, no markup.
      errors.requisites = [requisiteMessage(locale, 'text', problem, requisites)];
    }
    if (Object.keys(errors).length > 0 || amount === null) fieldErrors(errors);
    const result = await createWithdrawal(c.get('db'), user.id, amount, requisites);
    if (!result.ok) {
      fieldErrors({ amount: [tr(locale, { ru: 'Сумма превышает ваш баланс.', en: 'The amount exceeds your balance.' })] });
    }
    return c.json(
      {
        detail: tr(locale, { ru: 'Заявка на вывод успешно создана', en: 'Withdrawal request has been successfully created' }),
        ...withdrawalDto(result.withdrawal),
      },
      201,
    );
  })
  .get('/promocodes/', async (c) => {
    const rows = await c
      .get('db')
      .select()
      .from(promocodes)
      .where(eq(promocodes.userId, currentUserId(c)))
      .orderBy(desc(promocodes.createdAt), desc(promocodes.id));
    const now = new Date();
    return c.json(rows.map((row) => promocodeDto(row, now)));
  });

export const usersRoutes = new Hono<AppEnv>()
  .post('/signup/', rateLimit({ name: 'signup', capacity: 10, perSecond: 1 / 60 }), async (c) => {
    const locale = c.get('locale');
    const db = c.get('db');
    const body = await jsonBody(c, signupRequest);
    const email = normalizeEmail(body.email);
    const errors: ErrorBody = {};
    if (!emailValid(email)) errors.email = [tr(locale, { ru: 'Введите правильный адрес e-mail.', en: 'Enter a valid e-mail address.' })];
    checkNewPassword(errors, body.password, body.passwordConfirm, locale, email);
    let referredBy: number | null = null;
    const code = body.refferal ? normalizeReferralCode(body.refferal) : '';
    if (code) {
      const [referrer] = await db.select({ id: users.id }).from(users).where(eq(users.referralCode, code));
      if (referrer) referredBy = referrer.id;
      else errors.refferal = [tr(locale, { ru: 'Такой реферальный код не найден.', en: 'This referral code does not exist.' })];
    }
    if (Object.keys(errors).length > 0) fieldErrors(errors);
    const config = c.get('config');
    if (captchaEnabled(config) && !(await verifyCaptcha(config, body.recaptcha, clientIp(c)))) {
      fieldErrors({ recaptcha: [tr(locale, { ru: 'Подтвердите, что вы не робот.', en: 'Please confirm you are not a robot.' })] });
    }
    const user = await createAccount(db, { email, passwordHash: await hashPassword(body.password), referredBy });
    // The answer is the same for a registered address (nobody learns who has an account); its owner gets a mail.
    if (user) await sendActivation(c, user);
    else await sendMail(mailSettings(c), signupAttemptMail(locale, email, recoverPageLink(c.get('config').publicUrl, locale)));
    return c.json(
      {
        detail: tr(locale, {
          ru: 'Регистрация прошла успешно. Мы отправили письмо со ссылкой для активации аккаунта.',
          en: 'You are registered. We have sent you an e-mail with a link to activate the account.',
        }),
        email,
      },
      201,
    );
  })
  .post('/activate/:token/', rateLimit({ name: 'activate', capacity: 20, perSecond: 0.2 }), async (c) => {
    const locale = c.get('locale');
    const token = pathToken(c);
    const userId = token ? await consumeMailToken(c.get('db'), token, 'activation') : null;
    if (userId === null) {
      fail(400, tr(locale, { ru: 'Ссылка активации недействительна или устарела.', en: 'The activation link is invalid or has expired.' }));
    }
    await c.get('db').transaction((tx) => activateAccount(tx, userId));
    return c.json({ detail: tr(locale, { ru: 'Аккаунт успешно активирован', en: 'Account successfully activated' }) });
  })
  .post('/restore/', rateLimit({ name: 'restore', capacity: 5, perSecond: 1 / 60 }), async (c) => {
    const locale = c.get('locale');
    const body = await jsonBody(c, restoreRequest);
    const email = normalizeEmail(body.email);
    if (!emailValid(email)) fieldErrors({ email: [tr(locale, { ru: 'Введите правильный адрес e-mail.', en: 'Enter a valid e-mail address.' })] });
    const db = c.get('db');
    const settings = mailSettings(c);
    const publicUrl = c.get('config').publicUrl;
    // The answer is the same and as fast whether or not the account exists: the work goes on after it.
    void (async () => {
      const [user] = await db.select({ id: users.id, email: users.email }).from(users).where(eq(users.email, email));
      if (!user) return;
      const token = await issueMailToken(db, user.id, 'restore');
      await sendMail(settings, restoreMail(locale, user.email, restoreLink(publicUrl, locale, token)));
    })().catch((error: unknown) => log.error('password restore mail failed', error));
    return c.json({
      detail: tr(locale, {
        ru: 'Если аккаунт с таким e-mail существует, мы отправили на него ссылку для смены пароля.',
        en: 'If an account with this e-mail exists, we have sent it a link to set a new password.',
      }),
    });
  })
  .post('/restore/:token/', rateLimit({ name: 'restore-token', capacity: 20, perSecond: 0.2 }), async (c) => {
    const locale = c.get('locale');
    const body = await jsonBody(c, resetRequest);
    const errors: ErrorBody = {};
    const token = pathToken(c);
    const db = c.get('db');
    // The e-mail of the link's account (when the link is good) counts among the words a password must avoid.
    checkNewPassword(errors, body.password, body.passwordConfirm, locale, token ? ((await mailTokenEmail(db, token, 'restore')) ?? '') : '');
    if (Object.keys(errors).length > 0) fieldErrors(errors);
    const userId = token ? await consumeMailToken(db, token, 'restore') : null;
    if (userId === null) {
      fail(400, tr(locale, { ru: 'Ссылка для смены пароля недействительна или устарела.', en: 'The password reset link is invalid or has expired.' }));
    }
    // The link came by mail, which also proves the address: the account counts as activated.
    const passwordHash = await hashPassword(body.password);
    await db.transaction(async (tx) => {
      await tx.update(users).set({ passwordHash }).where(eq(users.id, userId));
      await activateAccount(tx, userId);
    });
    await revokeUserFamilies(db, userId);
    return c.json({ detail: tr(locale, { ru: 'Пароль изменён. Теперь войдите с новым паролем.', en: 'Your password has been changed. Sign in with the new password.' }) });
  })
  .post('/reactivate/', authenticate, rateLimit({ name: 'reactivate', capacity: 3, perSecond: 1 / 60 }), async (c) => {
    const locale = c.get('locale');
    // The call carries no data: an empty body is fine, anything else must be an empty JSON object.
    if ((await c.req.text()).trim() !== '') await jsonBody(c, reactivateRequest);
    const user = await me(c);
    if (user.activated) fail(400, tr(locale, { ru: 'Аккаунт уже активирован.', en: 'The account is already activated.' }));
    await sendActivation(c, user);
    return c.json({ detail: tr(locale, { ru: 'Мы отправили письмо для активации ещё раз.', en: 'We have sent the activation e-mail again.' }) });
  })
  .route('/me/', account);
