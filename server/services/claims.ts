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
import { normalizeRequisite, requisiteProblem } from '../../src/domain/requisites.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/index.ts';
import { reserves, type CurrencyFieldRow, type CurrencyRow, type Side } from '../db/schema/calculator.ts';
import { claimEvents, claims, type ClaimRow } from '../db/schema/claims.ts';
import { promocodes, promocodeUses } from '../db/schema/promocodes.ts';
import { users } from '../db/schema/users.ts';
import type { Locale } from '../http/env.ts';
import { addError } from '../http/validate.ts';
import { fieldErrors, HttpError, type ErrorBody } from '../http/errors.ts';
import { format, pick, tr } from '../http/i18n.ts';
import { getCatalog, pairKey, sideFields } from './catalog.ts';
import { requisiteMessage } from './requisiteMessages.ts';

const EMAIL = /^[^\s@]{1,64}@[^\s@]+\.[^\s@]{2,}$/;

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
    const problem = requisiteProblem(field.check, raw);
    if (problem !== null) {
      addError(errors, [key, field.name], requisiteMessage(locale, field.check, problem, raw));
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
export async function createClaim(
  db: Db,
  config: Config,
  { request, locale, userId }: CreateClaimInput,
): Promise<CreatedClaim> {
  const catalog = await getCatalog(db);
  if (catalog.maintenance.enabled) {
    throw new HttpError(503, {
      detail:
        pick(locale, catalog.maintenance.messageRu, catalog.maintenance.messageEn) ??
        tr(locale, {
          ru: 'Идут технические работы. Попробуйте позже.',
          en: 'Maintenance in progress. Please try later.',
        }),
    });
  }
  const errors: ErrorBody = {};
  const email = request.email.trim().toLowerCase();
  if (!EMAIL.test(email))
    addError(
      errors,
      ['email'],
      tr(locale, { ru: 'Введите правильный адрес e-mail.', en: 'Enter a valid e-mail address.' }),
    );

  const from = catalog.currencyById.get(request.fromPs);
  const to = catalog.currencyById.get(request.toPs);
  if (!from) addError(errors, ['fromPs'], tr(locale, { ru: 'Валюта не найдена.', en: 'Currency not found.' }));
  if (!to) addError(errors, ['toPs'], tr(locale, { ru: 'Валюта не найдена.', en: 'Currency not found.' }));
  const listed = from && to ? catalog.directionByPair.get(pairKey(from.id, to.id)) : undefined;
  if (from && to && !listed) {
    addError(
      errors,
      ['toPs'],
      tr(locale, { ru: 'Это направление обмена недоступно.', en: 'This exchange direction is not available.' }),
    );
  }

  const fromSumma = parseAmount(request.fromSumma);
  if (fromSumma === null || !isPositive(fromSumma)) {
    addError(errors, ['fromSumma'], tr(locale, { ru: 'Введите сумму.', en: 'Enter an amount.' }));
  }

  const sides: Record<'from' | 'to', Side> = { from: 'give', to: 'receive' };
  const fromRequisites = from
    ? checkRequisites(
        sideFields(catalog, from.id, sides.from),
        request.fromRequisites,
        'fromRequisites',
        errors,
        locale,
      )
    : {};
  const toRequisites = to
    ? checkRequisites(sideFields(catalog, to.id, sides.to), request.toRequisites, 'toRequisites', errors, locale)
    : {};

  let verified = false;
  if (request.withVerificationCourse) {
    if (listed && listed.verificationCourse === null) {
      addError(
        errors,
        ['withVerificationCourse'],
        tr(locale, {
          ru: 'Для этого направления нет курса для верифицированных.',
          en: 'This direction has no verified rate.',
        }),
      );
    } else if (userId === null) {
      addError(
        errors,
        ['withVerificationCourse'],
        tr(locale, {
          ru: 'Курс для верифицированных доступен после входа в аккаунт.',
          en: 'Sign in to use the verified rate.',
        }),
      );
    } else {
      const [owner] = await db.select({ verified: users.verified }).from(users).where(eq(users.id, userId));
      if (!owner?.verified) {
        addError(
          errors,
          ['withVerificationCourse'],
          tr(locale, {
            ru: 'Курс для верифицированных доступен только верифицированным пользователям.',
            en: 'The verified rate is for verified users only.',
          }),
        );
      } else verified = true;
    }
  }
  if (from && fromSumma !== null && (fromSumma.split('.')[1]?.length ?? 0) > from.decimals) {
    addError(
      errors,
      ['fromSumma'],
      format(tr(locale, { ru: 'Не больше {n} знаков после запятой.', en: 'At most {n} decimal places.' }), {
        n: from.decimals,
      }),
    );
  }
  if (Object.keys(errors).length > 0 || !from || !to || !listed || fromSumma === null) fieldErrors(errors);

  const referrerId = await referrerOf(db, request.refferal, userId);
  const promoCode = request.promocode?.trim().toUpperCase() || null;

  // Course, limits and reserve come from the catalogue, at most CATALOG_TTL_MS old (writes in this process
  // refresh it at once); the claim stores the course it was created at.
  const baseCourse = verified && listed.verificationCourse !== null ? listed.verificationCourse : listed.course;
  const min = giveMinimum(
    { min: listed.fromMin, minVerification: listed.fromMinVerification, decimals: from.decimals },
    { min: listed.toMin, minVerification: listed.toMinVerification },
    baseCourse,
    verified,
  );
  const max = giveMaximum({ max: listed.fromMax, decimals: from.decimals }, { max: listed.toMax }, baseCourse);
  if (min !== null && compare(fromSumma, min) < 0) {
    fieldErrors({
      fromSumma: [
        format(tr(locale, { ru: 'Минимальная сумма — {amount}.', en: 'The minimum amount is {amount}.' }), {
          amount: amountText(min, from, locale),
        }),
      ],
    });
  }
  if (max !== null && compare(fromSumma, max) > 0) {
    fieldErrors({
      fromSumma: [
        format(tr(locale, { ru: 'Максимальная сумма — {amount}.', en: 'The maximum amount is {amount}.' }), {
          amount: amountText(max, from, locale),
        }),
      ],
    });
  }
  const reserve = catalog.reserves.get(to.id) ?? '0';

  /** The receive amount at `course`, refused when it is zero or more than the reserve. */
  const receive = (course: string): string => {
    const toSumma = receiveFromGive(fromSumma, course, to.decimals);
    if (!isPositive(toSumma))
      fieldErrors({ fromSumma: [tr(locale, { ru: 'Сумма слишком мала.', en: 'The amount is too small.' })] });
    if (compare(toSumma, reserve) > 0) {
      fieldErrors({
        toSumma: [
          format(
            tr(locale, {
              ru: 'Недостаточно резерва: доступно {amount}.',
              en: 'Not enough reserve: {amount} available.',
            }),
            { amount: amountText(reserve, to, locale) },
          ),
        ],
      });
    }
    return toSumma;
  };

  const claim = (course: string, toSumma: string, promocodeId: number | null): NewClaim => ({
    email,
    userId,
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
    paymentWindowSeconds: config.paymentWindowSeconds,
  });

  // Without a promo code the claim, its owner lookup and its first event are one statement: one round trip.
  if (!promoCode) return { uuid: await insertClaim(db, claim(baseCourse, receive(baseCourse), null)) };

  return db.transaction(async (tx) => {
    const ownerId = userId ?? (await userIdByEmail(tx, email));
    // Taking a use is one conditional UPDATE: concurrent claims can never take more uses than there are.
    const [taken] = await tx
      .update(promocodes)
      .set({ usesLeft: sql`${promocodes.usesLeft} - 1` })
      .where(
        and(
          sql`${promocodes.code} = ${promoCode}`,
          sql`${promocodes.usesLeft} > 0`,
          sql`(${promocodes.expiresAt} is null or ${promocodes.expiresAt} > now())`,
          ownerId === null
            ? sql`${promocodes.userId} is null`
            : sql`(${promocodes.userId} is null or ${promocodes.userId} = ${ownerId})`,
        ),
      )
      .returning({ id: promocodes.id, percent: promocodes.percent });
    if (!taken) {
      fieldErrors({
        promocode: [
          tr(locale, {
            ru: 'Промокод недействителен или уже использован.',
            en: 'The promo code is invalid or already used.',
          }),
        ],
      });
    }
    const course = withPercent(baseCourse, taken.percent);
    return { uuid: await insertClaim(tx, claim(course, receive(course), taken.id)) };
  });
}

interface NewClaim {
  email: string;
  /** The signed-in caller; when null the activated account with the claim's e-mail (if any) becomes the owner. */
  userId: number | null;
  fromCurrencyId: number;
  toCurrencyId: number;
  fromSumma: string;
  toSumma: string;
  course: string;
  withVerificationCourse: boolean;
  fromRequisites: Record<string, string>;
  toRequisites: Record<string, string>;
  promocodeId: number | null;
  promocode: string | null;
  referrerId: number | null;
  locale: Locale;
  paymentWindowSeconds: number;
}

type Executor = Pick<Db, 'execute'>;

/** Inserts the claim, its creation event and its promo-code use in one statement (atomic on its own). */
async function insertClaim(db: Executor, claim: NewClaim): Promise<string> {
  const result = await db.execute<{ uuid: string }>(sql`
    with created as (
      insert into ${claims} (status, email, user_id, from_currency_id, to_currency_id, from_summa, to_summa, course,
        with_verification_course, from_requisites, to_requisites, promocode_id, promocode, referrer_id, locale, deadline)
      values ('awaiting_payment', ${claim.email},
        coalesce(${claim.userId}::int, (select id from ${users} where email = ${claim.email} and activated)),
        ${claim.fromCurrencyId}, ${claim.toCurrencyId}, ${claim.fromSumma}::numeric, ${claim.toSumma}::numeric, ${claim.course}::numeric,
        ${claim.withVerificationCourse}, ${JSON.stringify(claim.fromRequisites)}::jsonb, ${JSON.stringify(claim.toRequisites)}::jsonb,
        ${claim.promocodeId}::int, ${claim.promocode}, ${claim.referrerId}::int, ${claim.locale},
        now() + make_interval(secs => ${claim.paymentWindowSeconds}))
      returning uuid
    ), logged as (
      insert into ${claimEvents} (claim_uuid, from_status, to_status, actor, note)
      select uuid, null, 'awaiting_payment', 'client', 'created' from created
    ), used as (
      insert into ${promocodeUses} (promocode_id, claim_uuid)
      select ${claim.promocodeId}::int, uuid from created where ${claim.promocodeId}::int is not null
    )
    select uuid from created`);
  return result.rows[0]!.uuid;
}

async function userIdByEmail(db: Pick<Db, 'select'>, email: string): Promise<number | null> {
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
 * Completing a claim takes its payout from the receive currency's reserve.
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
    await tx
      .insert(claimEvents)
      .values({ claimUuid: uuid, fromStatus: from, toStatus: to, actor, note: options.note ?? null });
    if (to === 'completed') {
      // The payout has left the exchanger: the receive currency's reserve shrinks by it (never below zero).
      await tx
        .update(reserves)
        .set({ amount: sql`greatest(${reserves.amount} - ${claim!.toSumma}, 0)`, updatedAt: new Date() })
        .where(eq(reserves.currencyId, claim!.toCurrencyId));
    }
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
