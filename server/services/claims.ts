// Creating a claim and moving it between statuses. The server recomputes every amount from its own course,
// enforces limits and reserves, takes promo-code uses atomically, and logs every status change.
import { and, eq, sql } from 'drizzle-orm';
import type { CreateClaimRequest } from '../../src/api/schemas/claim.ts';
import { canMove, type ClaimActor, type ClaimStatus } from '../../src/domain/claimStatus.ts';
import {
  compare,
  formatAmount,
  giveMaximum,
  giveMinimum,
  isPositive,
  parseAmount,
  receiveFromGive,
  withPercent,
} from '../../src/domain/money.ts';
import { normalizeRequisite, requisiteValid, type RequisiteCheck } from '../../src/domain/requisites.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/index.ts';
import { directions, reserves, type CurrencyFieldRow, type CurrencyRow, type Side } from '../db/schema/calculator.ts';
import { claimEvents, claims, type ClaimRow } from '../db/schema/claims.ts';
import { promocodes, promocodeUses } from '../db/schema/promocodes.ts';
import { users } from '../db/schema/users.ts';
import type { Locale } from '../http/env.ts';
import { addError } from '../http/validate.ts';
import { fieldErrors, HttpError, type ErrorBody } from '../http/errors.ts';
import { format, pick, tr } from '../http/i18n.ts';
import { getCatalog, pairKey, sideFields } from './catalog.ts';

const EMAIL = /^[^\s@]{1,64}@[^\s@]+\.[^\s@]{2,}$/;

const CHECK_MESSAGES: Record<RequisiteCheck, { ru: string; en: string }> = {
  card: { ru: 'Неверный номер карты.', en: 'Invalid card number.' },
  phone: { ru: 'Введите номер телефона в формате +7XXXXXXXXXX.', en: 'Enter a phone number as +7XXXXXXXXXX.' },
  btc: { ru: 'Неверный адрес Bitcoin.', en: 'Invalid Bitcoin address.' },
  eth: { ru: 'Неверный адрес Ethereum.', en: 'Invalid Ethereum address.' },
  trc20: { ru: 'Неверный адрес TRC20.', en: 'Invalid TRC20 address.' },
  ltc: { ru: 'Неверный адрес Litecoin.', en: 'Invalid Litecoin address.' },
  ton: { ru: 'Неверный адрес TON.', en: 'Invalid TON address.' },
  yoomoney: { ru: 'Неверный номер кошелька ЮMoney.', en: 'Invalid YooMoney wallet number.' },
  name: { ru: 'Введите имя буквами.', en: 'Enter a name in letters.' },
  text: { ru: 'Заполните поле (до 200 символов).', en: 'Fill in the field (up to 200 characters).' },
};

const REQUIRED = { ru: 'Обязательное поле.', en: 'This field is required.' };

/** The requisites of the visible fields of one side, normalised; errors land under `errors[key][field]`. */
function checkRequisites(
  fields: CurrencyFieldRow[],
  given: Record<string, string>,
  key: 'fromRequisites' | 'toRequisites',
  errors: ErrorBody,
  locale: Locale,
): Record<string, string> {
  const accepted: Record<string, string> = {};
  for (const field of fields) {
    if (!field.visible) continue;
    const raw = given[field.name]?.trim() ?? '';
    if (raw === '') {
      if (field.required) addError(errors, [key, field.name], tr(locale, REQUIRED));
      continue;
    }
    if (!requisiteValid(field.check, raw)) {
      addError(errors, [key, field.name], tr(locale, CHECK_MESSAGES[field.check]));
      continue;
    }
    accepted[field.name] = normalizeRequisite(field.check, raw);
  }
  return accepted;
}

function amountText(value: string, currency: CurrencyRow, locale: Locale): string {
  return `${formatAmount(value, locale === 'en' ? 'en-US' : 'ru-RU')} ${currency.unit}`;
}

export interface CreateClaimInput {
  request: CreateClaimRequest;
  locale: Locale;
  /** Signed-in caller, if any. */
  userId: number | null;
}

export interface CreatedClaim {
  uuid: string;
}

/** Validates everything, then creates the claim in one transaction; answers only after commit. */
export async function createClaim(db: Db, config: Config, { request, locale, userId }: CreateClaimInput): Promise<CreatedClaim> {
  const catalog = await getCatalog(db);
  if (catalog.maintenance.enabled) {
    throw new HttpError(503, {
      detail:
        pick(locale, catalog.maintenance.messageRu, catalog.maintenance.messageEn) ??
        tr(locale, { ru: 'Идут технические работы. Попробуйте позже.', en: 'Maintenance in progress. Please try later.' }),
    });
  }
  const errors: ErrorBody = {};
  const email = request.email.trim().toLowerCase();
  if (!EMAIL.test(email)) addError(errors, ['email'], tr(locale, { ru: 'Введите правильный адрес e-mail.', en: 'Enter a valid e-mail address.' }));

  const from = catalog.currencyById.get(request.fromPs);
  const to = catalog.currencyById.get(request.toPs);
  if (!from) addError(errors, ['fromPs'], tr(locale, { ru: 'Валюта не найдена.', en: 'Currency not found.' }));
  if (!to) addError(errors, ['toPs'], tr(locale, { ru: 'Валюта не найдена.', en: 'Currency not found.' }));
  const listed = from && to ? catalog.directionByPair.get(pairKey(from.id, to.id)) : undefined;
  if (from && to && !listed) {
    addError(errors, ['toPs'], tr(locale, { ru: 'Это направление обмена недоступно.', en: 'This exchange direction is not available.' }));
  }

  const fromSumma = parseAmount(request.fromSumma);
  if (fromSumma === null || !isPositive(fromSumma)) {
    addError(errors, ['fromSumma'], tr(locale, { ru: 'Введите сумму.', en: 'Enter an amount.' }));
  }

  const sides: Record<'from' | 'to', Side> = { from: 'give', to: 'receive' };
  const fromRequisites = from ? checkRequisites(sideFields(catalog, from.id, sides.from), request.fromRequisites, 'fromRequisites', errors, locale) : {};
  const toRequisites = to ? checkRequisites(sideFields(catalog, to.id, sides.to), request.toRequisites, 'toRequisites', errors, locale) : {};

  let verified = false;
  if (request.withVerificationCourse) {
    if (listed && listed.verificationCourse === null) {
      addError(errors, ['withVerificationCourse'], tr(locale, { ru: 'Для этого направления нет курса для верифицированных.', en: 'This direction has no verified rate.' }));
    } else if (userId === null) {
      addError(errors, ['withVerificationCourse'], tr(locale, { ru: 'Курс для верифицированных доступен после входа в аккаунт.', en: 'Sign in to use the verified rate.' }));
    } else {
      const [owner] = await db.select({ verified: users.verified }).from(users).where(eq(users.id, userId));
      if (!owner?.verified) {
        addError(errors, ['withVerificationCourse'], tr(locale, { ru: 'Курс для верифицированных доступен только верифицированным пользователям.', en: 'The verified rate is for verified users only.' }));
      } else verified = true;
    }
  }
  if (from && fromSumma !== null && (fromSumma.split('.')[1]?.length ?? 0) > from.decimals) {
    addError(errors, ['fromSumma'], format(tr(locale, { ru: 'Не больше {n} знаков после запятой.', en: 'At most {n} decimal places.' }), { n: from.decimals }));
  }
  if (Object.keys(errors).length > 0 || !from || !to || !listed || fromSumma === null) fieldErrors(errors);

  const referrerId = await referrerOf(db, request.refferal, userId);
  const ownerId = userId ?? (await userIdByEmail(db, email));
  const promoCode = request.promocode?.trim().toUpperCase() || null;

  return db.transaction(async (tx) => {
    // Fresh course, limits and reserve: the cached catalogue may be a second old.
    const [row] = await tx
      .select({ direction: directions, reserve: reserves.amount })
      .from(directions)
      .leftJoin(reserves, eq(reserves.currencyId, directions.toId))
      .where(and(eq(directions.fromId, from.id), eq(directions.toId, to.id), eq(directions.active, true)));
    if (!row) fieldErrors({ toPs: [tr(locale, { ru: 'Это направление обмена недоступно.', en: 'This exchange direction is not available.' })] });
    const direction = row.direction;
    let course = verified && direction.verificationCourse !== null ? direction.verificationCourse : direction.course;

    const min = giveMinimum(
      { min: direction.fromMin, minVerification: direction.fromMinVerification, decimals: from.decimals },
      { min: direction.toMin, minVerification: direction.toMinVerification },
      course,
      verified,
    );
    const max = giveMaximum({ max: direction.fromMax, decimals: from.decimals }, { max: direction.toMax }, course);
    if (min !== null && compare(fromSumma, min) < 0) {
      fieldErrors({ fromSumma: [format(tr(locale, { ru: 'Минимальная сумма — {amount}.', en: 'The minimum amount is {amount}.' }), { amount: amountText(min, from, locale) })] });
    }
    if (max !== null && compare(fromSumma, max) > 0) {
      fieldErrors({ fromSumma: [format(tr(locale, { ru: 'Максимальная сумма — {amount}.', en: 'The maximum amount is {amount}.' }), { amount: amountText(max, from, locale) })] });
    }

    let promocodeId: number | null = null;
    if (promoCode) {
      // Taking a use is one conditional UPDATE: concurrent claims can never take more uses than there are.
      const [taken] = await tx
        .update(promocodes)
        .set({ usesLeft: sql`${promocodes.usesLeft} - 1` })
        .where(
          and(
            sql`${promocodes.code} = ${promoCode}`,
            sql`${promocodes.usesLeft} > 0`,
            sql`(${promocodes.expiresAt} is null or ${promocodes.expiresAt} > now())`,
            ownerId === null ? sql`${promocodes.userId} is null` : sql`(${promocodes.userId} is null or ${promocodes.userId} = ${ownerId})`,
          ),
        )
        .returning({ id: promocodes.id, percent: promocodes.percent });
      if (!taken) {
        fieldErrors({ promocode: [tr(locale, { ru: 'Промокод недействителен или уже использован.', en: 'The promo code is invalid or already used.' })] });
      }
      promocodeId = taken.id;
      course = withPercent(course, taken.percent);
    }

    const toSumma = receiveFromGive(fromSumma, course, to.decimals);
    if (!isPositive(toSumma)) {
      fieldErrors({ fromSumma: [tr(locale, { ru: 'Сумма слишком мала.', en: 'The amount is too small.' })] });
    }
    const reserve = row.reserve ?? '0';
    if (compare(toSumma, reserve) > 0) {
      fieldErrors({
        toSumma: [format(tr(locale, { ru: 'Недостаточно резерва: доступно {amount}.', en: 'Not enough reserve: {amount} available.' }), { amount: amountText(reserve, to, locale) })],
      });
    }

    const [created] = await tx
      .insert(claims)
      .values({
        status: 'awaiting_payment',
        email,
        userId: ownerId,
        fromCurrencyId: from.id,
        toCurrencyId: to.id,
        fromSumma,
        toSumma,
        course,
        withVerificationCourse: verified,
        fromRequisites,
        toRequisites,
        promocodeId,
        promocode: promocodeId === null ? null : promoCode,
        referrerId,
        locale,
        deadline: sql`now() + make_interval(secs => ${config.paymentWindowSeconds})`,
      })
      .returning({ uuid: claims.uuid });
    const uuid = created!.uuid;
    await tx.insert(claimEvents).values({ claimUuid: uuid, fromStatus: null, toStatus: 'awaiting_payment', actor: 'client', note: 'created' });
    if (promocodeId !== null) await tx.insert(promocodeUses).values({ promocodeId, claimUuid: uuid });
    return { uuid };
  });
}

async function userIdByEmail(db: Db, email: string): Promise<number | null> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return row?.id ?? null;
}

/** The partner behind a referral code; unknown codes and self-referral are ignored. */
async function referrerOf(db: Db, code: string | null | undefined, userId: number | null): Promise<number | null> {
  const trimmed = code?.trim();
  if (!trimmed) return null;
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.referralCode, trimmed));
  if (!row || row.id === userId) return null;
  return row.id;
}

export class TransitionError extends Error {
  constructor(
    readonly from: ClaimStatus,
    readonly to: ClaimStatus,
    readonly actor: ClaimActor,
  ) {
    super(`a ${actor} cannot move a claim from ${from} to ${to}`);
  }
}

export interface MoveResult {
  claim: ClaimRow;
  from: ClaimStatus;
}

/**
 * Moves a claim along the status table (src/domain/claimStatus.ts) under a row lock and logs the event.
 * Answers null for an unknown claim; throws TransitionError for a move the table forbids.
 */
export async function moveClaim(
  db: Db,
  uuid: string,
  to: ClaimStatus,
  actor: ClaimActor,
  options: { note?: string | null; reason?: string | null } = {},
): Promise<MoveResult | null> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(claims).where(eq(claims.uuid, uuid)).for('update');
    if (!current) return null;
    const from = current.status;
    if (!canMove(from, to, actor)) throw new TransitionError(from, to, actor);
    const [claim] = await tx
      .update(claims)
      .set({ status: to, updatedAt: new Date(), ...(options.reason !== undefined ? { reason: options.reason } : {}) })
      .where(eq(claims.uuid, uuid))
      .returning();
    await tx.insert(claimEvents).values({ claimUuid: uuid, fromStatus: from, toStatus: to, actor, note: options.note ?? null });
    return { claim: claim!, from };
  });
}

export function isUuid(value: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
}

export async function findClaim(db: Db, uuid: string): Promise<ClaimRow | null> {
  if (!isUuid(uuid)) return null;
  const [row] = await db.select().from(claims).where(eq(claims.uuid, uuid));
  return row ?? null;
}
