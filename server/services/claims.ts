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
import { alias } from 'drizzle-orm/pg-core';
import {
  currencies,
  directions,
  reserves,
  siteSettings,
  type CurrencyFieldRow,
  type CurrencyRow,
  type DirectionRow,
  type MaintenanceSetting,
  type Side,
} from '../db/schema/calculator.ts';
import { claimEvents, claims, type ClaimRow } from '../db/schema/claims.ts';
import { claimMails } from '../db/schema/claimMails.ts';
import { idempotencyKeys } from '../db/schema/idempotency.ts';
import { promocodes, promocodeUses } from '../db/schema/promocodes.ts';
import { users } from '../db/schema/users.ts';
import type { Locale } from '../http/env.ts';
import { addError } from '../http/validate.ts';
import { fieldErrors, HttpError, type ErrorBody } from '../http/errors.ts';
import { format, pick, tr } from '../http/i18n.ts';
import { dec, getCatalog, MAINTENANCE_KEY, sideFields } from './catalog.ts';
import { moveLockedClaims } from './claimMoves.ts';
import { claimIdempotencyKey, type IdempotencyKey } from './idempotency.ts';
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
  /** The caller's Idempotency-Key, if it sent one. */
  idempotency?: IdempotencyKey | null;
}

export interface CreatedClaim {
  uuid: string;
}

export interface CreateClaimAnswer {
  status: number;
  body: CreatedClaim;
  /** The answer of an earlier request with the same Idempotency-Key, not a new claim. */
  replayed: boolean;
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const giveCurrency = alias(currencies, 'give_currency');
const receiveCurrency = alias(currencies, 'receive_currency');

interface Pricing {
  direction: DirectionRow;
  from: CurrencyRow;
  to: CurrencyRow;
  /** The receive currency's reserve minus what open claims hold. */
  available: string;
}

/**
 * Course, limits, available reserve and maintenance exactly as committed now, read inside the creating
 * transaction (never from the display cache): one statement. `pricing` is null when the pair is not traded.
 */
async function readPricing(
  tx: Tx,
  fromId: number,
  toId: number,
): Promise<{ maintenance: MaintenanceSetting | null; pricing: Pricing | null }> {
  const maintenanceValue = sql<MaintenanceSetting | null>`(select value from ${siteSettings} where key = ${MAINTENANCE_KEY})`;
  const [row] = await tx
    .select({
      direction: directions,
      from: giveCurrency,
      to: receiveCurrency,
      available: sql<string | null>`${reserves.amount} - ${reserves.held}`,
      maintenance: maintenanceValue,
    })
    .from(directions)
    .innerJoin(giveCurrency, eq(giveCurrency.id, directions.fromId))
    .innerJoin(receiveCurrency, eq(receiveCurrency.id, directions.toId))
    .leftJoin(reserves, eq(reserves.currencyId, directions.toId))
    .where(and(eq(directions.fromId, fromId), eq(directions.toId, toId)));
  if (!row) {
    const [setting] = await tx.select({ maintenance: maintenanceValue }).from(sql`(select 1) as one`);
    return { maintenance: setting?.maintenance ?? null, pricing: null };
  }
  const traded = row.direction.active && !row.direction.paused && row.from.active && row.to.active;
  return {
    maintenance: row.maintenance,
    pricing: traded ? { direction: row.direction, from: row.from, to: row.to, available: row.available ?? '0' } : null,
  };
}

/**
 * Validates everything and creates the claim in one transaction that reads the course, limits, available reserve
 * and maintenance as committed, takes the payout's hold from the reserve and the promo-code use atomically, and
 * records the answer under the caller's Idempotency-Key. Answers only after commit.
 */
export async function createClaim(
  db: Db,
  config: Config,
  { request, locale, userId, idempotency = null }: CreateClaimInput,
): Promise<CreateClaimAnswer> {
  // Requisite fields and currency names are display data: the cache serves them.
  const catalog = await getCatalog(db);
  return db.transaction(async (tx) => {
    if (idempotency) {
      const earlier = await claimIdempotencyKey(tx, idempotency, locale);
      if (earlier) return { status: earlier.status, body: earlier.body as CreatedClaim, replayed: true };
    }
    const { maintenance, pricing } = await readPricing(tx, request.fromPs, request.toPs);
    if (maintenance?.enabled) {
      throw new HttpError(503, {
        detail:
          pick(locale, maintenance.messageRu, maintenance.messageEn) ??
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

    const from = pricing?.from ?? catalog.currencyById.get(request.fromPs);
    const to = pricing?.to ?? catalog.currencyById.get(request.toPs);
    if (!from) addError(errors, ['fromPs'], tr(locale, { ru: 'Валюта не найдена.', en: 'Currency not found.' }));
    if (!to) addError(errors, ['toPs'], tr(locale, { ru: 'Валюта не найдена.', en: 'Currency not found.' }));
    const listed = pricing?.direction;
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
        const [owner] = await tx.select({ verified: users.verified }).from(users).where(eq(users.id, userId));
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
    if (Object.keys(errors).length > 0 || !from || !to || !listed || !pricing || fromSumma === null)
      fieldErrors(errors);

    const referrerId = await referrerOf(tx, request.refferal, userId);
    const promoCode = request.promocode?.trim().toUpperCase() || null;

    const baseCourse = verified && listed.verificationCourse !== null ? listed.verificationCourse : listed.course;
    if (request.expectedCourse !== undefined && !sameAmount(request.expectedCourse, baseCourse)) {
      throw new HttpError(409, {
        detail: tr(locale, {
          ru: 'Курс изменился. Проверьте новые суммы и отправьте заявку ещё раз.',
          en: 'The rate has changed. Check the new amounts and submit again.',
        }),
        code: 'course_changed',
        course: dec(baseCourse),
      });
    }
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

    /** Refuses a payout above what the reserve still has free; `available` is as committed at refusal time. */
    const refuseReserve = (available: string): never =>
      fieldErrors({
        toSumma: [
          format(
            tr(locale, {
              ru: 'Недостаточно резерва: доступно {amount}.',
              en: 'Not enough reserve: {amount} available.',
            }),
            { amount: amountText(dec(available), to, locale) },
          ),
        ],
      });

    /** The receive amount at `course`, refused when it is zero or more than the available reserve. */
    const receive = (course: string): string => {
      const toSumma = receiveFromGive(fromSumma, course, to.decimals);
      if (!isPositive(toSumma))
        fieldErrors({ fromSumma: [tr(locale, { ru: 'Сумма слишком мала.', en: 'The amount is too small.' })] });
      if (compare(toSumma, pricing.available) > 0) refuseReserve(pricing.available);
      return toSumma;
    };

    let course = baseCourse;
    let promocodeId: number | null = null;
    if (promoCode) {
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
      course = withPercent(baseCourse, taken.percent);
      promocodeId = taken.id;
    }

    const uuid = await insertClaim(
      tx,
      {
        email,
        userId,
        fromCurrencyId: from.id,
        toCurrencyId: to.id,
        fromSumma,
        toSumma: receive(course),
        course,
        withVerificationCourse: verified,
        fromRequisites,
        toRequisites,
        promocodeId,
        promocode: promocodeId === null ? null : promoCode,
        referrerId,
        locale,
        // Coins confirm slower than a card transfer: a direction may set its own window, else the site's.
        paymentWindowSeconds: listed.paymentWindowSeconds ?? config.paymentWindowSeconds,
      },
      idempotency,
    );
    // Another claim took the reserve between the read and the hold: refuse with what is free now.
    if (uuid === null) return refuseReserve(await availableReserve(tx, to.id));
    return { status: 201, body: { uuid }, replayed: false };
  });
}

function sameAmount(a: string, b: string): boolean {
  const parsed = parseAmount(a);
  return parsed !== null && compare(parsed, b) === 0;
}

async function availableReserve(tx: Tx, currencyId: number): Promise<string> {
  const [row] = await tx
    .select({ available: sql<string>`${reserves.amount} - ${reserves.held}` })
    .from(reserves)
    .where(eq(reserves.currencyId, currencyId));
  return row?.available ?? '0';
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

/**
 * One statement: takes the payout's hold from the receive currency's reserve if that much is still free, and only
 * then inserts the claim (holding it), its creation event, its promo-code use and the Idempotency-Key's answer.
 * Answers null, having written nothing, when the reserve has not enough free.
 */
async function insertClaim(db: Executor, claim: NewClaim, idempotency: IdempotencyKey | null): Promise<string | null> {
  const result = await db.execute<{ uuid: string }>(sql`
    with held as (
      update ${reserves} set held = held + ${claim.toSumma}::numeric, updated_at = now()
      where currency_id = ${claim.toCurrencyId} and amount - held >= ${claim.toSumma}::numeric
      returning currency_id
    ), created as (
      insert into ${claims} (status, email, user_id, from_currency_id, to_currency_id, from_summa, to_summa, course,
        hold, with_verification_course, from_requisites, to_requisites, promocode_id, promocode, referrer_id, locale,
        deadline, created_signed_in)
      select 'awaiting_payment', ${claim.email},
        coalesce(${claim.userId}::int, (select id from ${users} where email = ${claim.email} and activated)),
        ${claim.fromCurrencyId}, ${claim.toCurrencyId}, ${claim.fromSumma}::numeric, ${claim.toSumma}::numeric,
        ${claim.course}::numeric, ${claim.toSumma}::numeric,
        ${claim.withVerificationCourse}, ${JSON.stringify(claim.fromRequisites)}::jsonb, ${JSON.stringify(claim.toRequisites)}::jsonb,
        ${claim.promocodeId}::int, ${claim.promocode}, ${claim.referrerId}::int, ${claim.locale},
        now() + make_interval(secs => ${claim.paymentWindowSeconds}), ${claim.userId !== null}
      from held
      returning uuid
    ), logged as (
      insert into ${claimEvents} (claim_uuid, from_status, to_status, actor, note)
      select uuid, null, 'awaiting_payment', 'client', 'created' from created
    ), mailed as (
      insert into ${claimMails} (claim_uuid, status, announces_creation)
      select uuid, 'awaiting_payment', true from created
    ), used as (
      insert into ${promocodeUses} (promocode_id, claim_uuid)
      select ${claim.promocodeId}::int, uuid from created where ${claim.promocodeId}::int is not null
    ), answered as (
      update ${idempotencyKeys} set status = 201, body = jsonb_build_object('uuid', created.uuid)
      from created
      where ${idempotency !== null} and scope = ${idempotency?.scope ?? ''} and key = ${idempotency?.key ?? ''}
    )
    select uuid from created`);
  return result.rows[0]?.uuid ?? null;
}

async function userIdByEmail(db: Pick<Db, 'select'>, email: string): Promise<number | null> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return row?.id ?? null;
}

/** The partner behind a referral code; unknown codes and self-referral are ignored. */
async function referrerOf(
  db: Pick<Db, 'select'>,
  code: string | null | undefined,
  userId: number | null,
): Promise<number | null> {
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
  /** The partner's reward (RUB) credited by a completion, null when none. */
  reward: string | null;
}

/**
 * Moves a claim along the status table (src/domain/claimStatus.ts) under a row lock and logs the event; a move
 * that closes the claim settles its hold (moveLockedClaims). Answers null for an unknown claim; throws
 * TransitionError for a move the table forbids and ReserveShortError for a payout the reserve cannot cover.
 */
export async function moveClaim(
  db: Db,
  uuid: string,
  to: ClaimStatus,
  actor: ClaimActor,
  options: { note?: string | null; reason?: string | null } = {},
): Promise<MoveResult | null> {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ status: claims.status })
      .from(claims)
      .where(eq(claims.uuid, uuid))
      .for('update');
    if (!current) return null;
    const from = current.status;
    if (!canMove(from, to, actor)) throw new TransitionError(from, to, actor);
    const [moved] = await moveLockedClaims(tx, sql`select ${uuid}::uuid as uuid`, {
      to,
      actor,
      note: options.note ?? null,
      ...(options.reason !== undefined ? { reason: options.reason } : {}),
    });
    const [claim] = await tx.select().from(claims).where(eq(claims.uuid, uuid));
    return { claim: claim!, from, reward: moved?.reward ?? null };
  });
}

export function isUuid(value: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
}

/** Every status the claim reached, oldest first, with its time (the claim's event log). */
export async function claimHistory(db: Db, uuid: string): Promise<{ status: ClaimStatus; at: string }[]> {
  const rows = await db
    .select({ status: claimEvents.toStatus, at: claimEvents.at })
    .from(claimEvents)
    .where(eq(claimEvents.claimUuid, uuid))
    .orderBy(claimEvents.at, claimEvents.id);
  return rows.map((row) => ({ status: row.status, at: row.at.toISOString() }));
}

export async function findClaim(db: Db, uuid: string): Promise<ClaimRow | null> {
  if (!isUuid(uuid)) return null;
  const [row] = await db.select().from(claims).where(eq(claims.uuid, uuid));
  return row ?? null;
}
