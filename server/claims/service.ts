// Creating a claim and moving it between statuses. The server recomputes every amount from its own course,
// enforces limits and reserves, takes promo-code uses atomically, and logs every status change.
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { CreateClaimRequest } from '../../src/api/schemas/claim.ts';
import { canMove, type ClaimActor, type ClaimStatus } from '../../src/domain/claimStatus.ts';
import { compare, isPositive, parseAmount, withPercent } from '../../src/domain/money.ts';
import { normalizeRequisite, requisiteProblem } from '../../src/domain/requisites.ts';
import { CARD_CHECK_STATUS } from '../../src/domain/cardVerification.ts';
import { normalizeEmail } from '../../src/domain/email.ts';
import { emailRuleMessage } from '../shared/emailRule.ts';
import { cardFingerprintKey, requisiteSearchKey } from '../auth/sharedSecrets.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/index.ts';
import { alias } from 'drizzle-orm/pg-core';
import {
  currencies,
  directions,
  reserveBalances,
  type CurrencyFieldRow,
  type CurrencyRow,
  type DirectionRow,
  type MaintenanceSetting,
  type Side,
} from '../db/schema/calculator.ts';
import { claims, type ClaimRow } from '../db/schema/claims.ts';
import { claimMails } from '../db/schema/claimMails.ts';
import { depositAddresses } from '../db/schema/depositAddresses.ts';
import { receivingAccounts } from '../db/schema/receivingAccounts.ts';
import { lastGivenSql } from '../payments/receivingAccountUse.ts';
import { idempotencyKeys } from '../db/schema/idempotency.ts';
import { promocodes, promocodeUses } from '../db/schema/promocodes.ts';
import { users } from '../db/schema/users.ts';
import type { Locale } from '../../src/domain/locale.ts';
import { bilingual, type AmountValue, type Text } from '../i18n/text.ts';
import { log } from '../log.ts';
import { dec, getCatalog, maintenanceNowSql, pairKey, sideFields, type Catalog } from '../catalogue/catalog.ts';
import { moveLockedClaims } from './statusMoves.ts';
import { addError, DomainError, refuse, refuseFields, type ErrorBody } from '../shared/errors.ts';
import { sendersCardVerification } from './cardVerificationGate.ts';
import { prepareStatement, runPrepared, type PreparedStatement } from '../db/prepared.ts';
import { afterCreated } from './afterCreated.ts';
import { claimIdempotencyKey, type IdempotencyKey } from './idempotency.ts';
import { cardFingerprint } from '../accounts/cardNumber.ts';
import { paymentRouteOf, type PaymentRoute } from '../payments/paymentRoute.ts';
import { refuseOverOpenClaimLimits, takeDerivedAddress } from '../payments/addressService.ts';
import { payableSql } from '../payments/payability.ts';
import { sealRequisites } from '../keys/atRest.ts';
import { payoutOf, quoteDirection, type DirectionQuote } from '../catalogue/pricing.ts';
import { requisiteMessage } from './requisiteMessages.ts';
import { requisiteDigests } from './requisiteDigests.ts';
import { claimEventLog } from './eventLog.ts';
import { asPricedValues, freshCourse } from './asPriced.ts';
import { createInBatch } from './creationBatches.ts';
import {
  CLAIM_COLUMNS,
  claimRowValues,
  createdStatus,
  outcomeOf,
  statementValues,
  type CreatingRow,
  type InsertOutcome,
  type NewClaim,
} from './newClaim.ts';

const REQUIRED: Text = /*i18n*/ { id: 'claims.field.required', message: 'This field is required.' };
const CURRENCY_NOT_FOUND: Text = /*i18n*/ { id: 'claims.currency.notFound', message: 'Currency not found.' };

/** The answer to a claim that does not exist (or is not the caller's to see). */
export const CLAIM_NOT_FOUND: Text = /*i18n*/ { id: 'claims.claim.notFound', message: 'Request not found.' };

/** The requisites of the visible fields of one side, normalised; errors land under `errors[key][field]`. */
function checkRequisites(
  fields: CurrencyFieldRow[],
  given: Record<string, string>,
  key: 'fromRequisites' | 'toRequisites',
  errors: ErrorBody,
): Record<string, string> {
  const accepted: Record<string, string> = {};
  for (const field of fields) {
    if (!field.visible) continue;
    const raw = given[field.name]?.trim() ?? '';
    if (raw === '') {
      if (field.required) addError(errors, [key, field.name], REQUIRED);
      continue;
    }
    const problem = requisiteProblem(field.check, raw);
    if (problem !== null) {
      addError(errors, [key, field.name], requisiteMessage(field.check, problem, raw));
      continue;
    }
    accepted[field.name] = normalizeRequisite(field.check, raw);
  }
  return accepted;
}

function amountOf(value: string, currency: CurrencyRow): AmountValue {
  return { amount: value, unit: currency.unit };
}

export interface CreateClaimInput {
  request: CreateClaimRequest;
  /** The claimant's language, kept on the claim: its mails are written in it. */
  locale: Locale;
  /** Signed-in caller, if any. */
  userId: number | null;
  /** The caller's Idempotency-Key, if it sent one. */
  idempotency?: IdempotencyKey | null;
  /** The client address the request came from: open unpaid claims per address are limited. */
  clientIp?: string | null;
  /** SHA-256 of the creator's claim capability (server/http/claimCapability.ts), kept on the new claim. */
  capabilityHash?: string | null;
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
/** Where a claim's statements run: a transaction when something is written before the creating statement, else the pool. */
type Runner = Tx | Db;

const giveCurrency = alias(currencies, 'give_currency');
const receiveCurrency = alias(currencies, 'receive_currency');

interface Pricing {
  direction: DirectionRow;
  from: CurrencyRow;
  to: CurrencyRow;
  /** The receive currency's reserve minus what open claims hold. */
  available: string;
  /** The give currency can be paid now (payments/payability.ts). */
  payable: boolean;
}

/**
 * What the cached catalogue says the pair is priced from (only tradable, payable directions are in it), or null. A
 * first attempt prices from it with no read; its creating statement checks that every value used is still the
 * committed one (stillAsPriced), so the claim is priced from what is committed all the same.
 */
function rememberedPricing(catalog: Catalog, fromId: number, toId: number): Pricing | null {
  const direction = catalog.directionByPair.get(pairKey(fromId, toId));
  const [from, to] = [catalog.currencyById.get(fromId), catalog.currencyById.get(toId)];
  if (!direction || !from || !to || catalog.maintenance.enabled) return null;
  return { direction, from, to, available: catalog.reserves.get(toId) ?? '0', payable: true };
}

/** A value of the creating statement, filled per claim (statements of one shape are built once: createClaimStatement). */
const value = (name: string) => sql.placeholder(name);

/**
 * Course, limits, available reserve and maintenance exactly as committed now, read inside the creating
 * transaction (never from the display cache): one statement. `pricing` is null when the pair is not traded.
 */
async function readPricing(
  tx: Runner,
  fromId: number,
  toId: number,
  maxAgeSeconds: number,
): Promise<{ maintenance: MaintenanceSetting | null; pricing: Pricing | null }> {
  const [row] = await tx
    .select({
      direction: directions,
      from: giveCurrency,
      to: receiveCurrency,
      available: reserveBalances.available,
      payable: sql<boolean>`${payableSql(directions.fromId)}`,
      maintenance: maintenanceNowSql,
      fresh: sql<boolean>`${freshCourse(directions.id, maxAgeSeconds)}`,
    })
    .from(directions)
    .innerJoin(giveCurrency, eq(giveCurrency.id, directions.fromId))
    .innerJoin(receiveCurrency, eq(receiveCurrency.id, directions.toId))
    .leftJoin(reserveBalances, eq(reserveBalances.currencyId, directions.toId))
    .where(and(eq(directions.fromId, fromId), eq(directions.toId, toId)));
  if (!row) {
    const [setting] = await tx.select({ maintenance: maintenanceNowSql }).from(sql`(select 1) as one`);
    return { maintenance: setting?.maintenance ?? null, pricing: null };
  }
  const traded = row.direction.active && !row.direction.paused && row.fresh && row.from.active && row.to.active;
  return {
    maintenance: row.maintenance,
    pricing: traded
      ? { direction: row.direction, from: row.from, to: row.to, available: row.available ?? '0', payable: row.payable }
      : null,
  };
}

/**
 * The switch is on: no claim is created, the operator's message says why, or a general one in a language the
 * operator wrote none for (`given` picks between them per language).
 */
function refuseDuringMaintenance(maintenance: MaintenanceSetting | null): void {
  if (!maintenance?.enabled) return;
  const { messageRu, messageEn } = maintenance;
  throw new DomainError('unavailable', {
    detail: /*i18n*/ {
      id: 'claims.maintenance.message',
      message: '{given, select, yes {{message}} other {Maintenance in progress. Please try later.}}',
      values: {
        given: bilingual(messageRu ? 'yes' : 'no', messageEn ? 'yes' : 'no'),
        message: bilingual(messageRu ?? '', messageEn ?? ''),
      },
    },
  });
}

/** A request every field of which passed its rule, with the direction as committed now. */
interface ValidClaim {
  email: string;
  from: CurrencyRow;
  to: CurrencyRow;
  direction: DirectionRow;
  /** The receive currency's reserve minus what open claims hold, as read by this transaction. */
  available: string;
  fromSumma: string;
  fromRequisites: Record<string, string>;
  toRequisites: Record<string, string>;
  /** The verified rate applies: asked for, offered by the direction, and the signed-in user is verified. */
  verified: boolean;
}

/** Checks every field of the request; all problems at once as a 400 DRF body, nothing written. */
async function validateClaim(
  tx: Runner,
  catalog: Catalog,
  pricing: Pricing | null,
  { request, userId }: CreateClaimInput,
): Promise<ValidClaim> {
  const errors: ErrorBody = {};
  const email = normalizeEmail(request.email);
  const emailRefusal = emailRuleMessage(email);
  if (emailRefusal) addError(errors, ['email'], emailRefusal);

  const from = pricing?.from ?? catalog.currencyById.get(request.fromPs);
  const to = pricing?.to ?? catalog.currencyById.get(request.toPs);
  if (!from) addError(errors, ['fromPs'], CURRENCY_NOT_FOUND);
  if (!to) addError(errors, ['toPs'], CURRENCY_NOT_FOUND);
  const listed = pricing?.direction;
  if (from && to && !listed) {
    addError(errors, ['toPs'], /*i18n*/ {
      id: 'claims.direction.unavailable',
      message: 'This exchange direction is not available.',
    });
  }

  // A direction that pays out against a verified sender card takes claims from signed-in clients only: the card
  // must be verified in the creator's own account, and a guest has none to borrow.
  if (listed?.cardVerification && userId === null) {
    refuse(
      'forbidden',
      /*i18n*/ {
        id: 'claims.direction.signInRequired',
        message: 'This direction takes requests from signed-in clients only: the sender card is verified in your account.',
      },
      'sign_in_required',
    );
  }

  const fromSumma = parseAmount(request.fromSumma);
  if (fromSumma === null || !isPositive(fromSumma)) {
    addError(errors, ['fromSumma'], /*i18n*/ { id: 'claims.amount.missing', message: 'Enter an amount.' });
  }
  const sides: Record<'from' | 'to', Side> = { from: 'give', to: 'receive' };
  const fromRequisites = from
    ? checkRequisites(sideFields(catalog, from.id, sides.from), request.fromRequisites, 'fromRequisites', errors)
    : {};
  const toRequisites = to
    ? checkRequisites(sideFields(catalog, to.id, sides.to), request.toRequisites, 'toRequisites', errors)
    : {};

  let verified = false;
  if (request.withVerificationCourse) {
    if (listed && listed.verificationCourse === null) {
      addError(errors, ['withVerificationCourse'], /*i18n*/ {
        id: 'claims.verifiedRate.none',
        message: 'This direction has no verified rate.',
      });
    } else if (userId === null) {
      addError(errors, ['withVerificationCourse'], /*i18n*/ {
        id: 'claims.verifiedRate.signIn',
        message: 'Sign in to use the verified rate.',
      });
    } else {
      const [owner] = await tx.select({ verified: users.verified }).from(users).where(eq(users.id, userId));
      if (!owner?.verified) {
        addError(errors, ['withVerificationCourse'], /*i18n*/ {
          id: 'claims.verifiedRate.unverified',
          message: 'The verified rate is for verified users only.',
        });
      } else verified = true;
    }
  }
  if (from && fromSumma !== null && (fromSumma.split('.')[1]?.length ?? 0) > from.decimals) {
    addError(errors, ['fromSumma'], /*i18n*/ {
      id: 'claims.amount.decimals',
      message: 'At most {n} decimal places.',
      values: { n: from.decimals },
    });
  }
  if (Object.keys(errors).length > 0 || !from || !to || !listed || !pricing || fromSumma === null) refuseFields(errors);

  return {
    email,
    from,
    to,
    direction: listed,
    available: pricing.available,
    fromSumma,
    fromRequisites,
    toRequisites,
    verified,
  };
}

/** Refuses a payout above what the reserve still has free; `available` is as committed at refusal time. */
function refuseReserve(available: string, to: CurrencyRow): never {
  refuseFields({
    toSumma: [
      /*i18n*/ {
        id: 'claims.reserve.short',
        message: 'Not enough reserve: {amount} available.',
        values: { amount: amountOf(dec(available), to) },
      },
    ],
  });
}

/**
 * Nowhere to pay: the pool of the give currency has no free address (or there is no active account to pay into).
 * The direction takes no claim until the operator loads more; the log line tells whoever watches the server.
 */
function refuseWithoutPaymentDetails(route: PaymentRoute, from: CurrencyRow): never {
  log.warn(
    `claim refused: no ${route === 'deposit_address' ? 'free deposit address' : 'active receiving account'} for ${from.code}`,
  );
  const values = { currency: bilingual(from.nameRu, from.nameEn) };
  const detail: Text =
    route === 'deposit_address'
      ? /*i18n*/ {
          id: 'claims.paymentDetails.noAddress',
          message:
            'There is no free address to pay {currency} to right now: this direction takes no new requests for the moment. Please try later or choose another currency.',
          values,
        }
      : /*i18n*/ {
          id: 'claims.paymentDetails.noAccount',
          message:
            'There is no account to receive {currency} payments right now: this direction takes no new requests for the moment. Please try later or choose another currency.',
          values,
        };
  throw new DomainError('conflict', { detail, code: 'payment_details_unavailable' });
}

/** What the claim will be created at: its course (promo included), its payout, the promo use it took. */
interface PricedClaim {
  course: string;
  toSumma: string;
  promocodeId: number | null;
  promocode: string | null;
}

interface RememberedQuotes {
  from: CurrencyRow;
  to: CurrencyRow;
  byVerified: Map<boolean, DirectionQuote>;
}

/** Quotes per direction row: the catalogue's rows live until its next version, so their limits are computed once. */
const quotes = new WeakMap<DirectionRow, RememberedQuotes>();

/** quoteDirection, remembered per direction row and currency rows (a row read from the database is a new object). */
function directionQuote(direction: DirectionRow, from: CurrencyRow, to: CurrencyRow, verified: boolean): DirectionQuote {
  let remembered = quotes.get(direction);
  if (!remembered || remembered.from !== from || remembered.to !== to) {
    quotes.set(direction, (remembered = { from, to, byVerified: new Map() }));
  }
  let quote = remembered.byVerified.get(verified);
  if (!quote) remembered.byVerified.set(verified, (quote = quoteDirection(direction, from, to, verified)));
  return quote;
}

/**
 * Prices a valid request from the direction as committed: refuses a moved course (409 course_changed), an amount
 * outside the limits and a payout above the available reserve; takes the promo code's use atomically.
 */
async function priceClaim(
  tx: Runner,
  { from, to, direction: listed, available, fromSumma, verified }: ValidClaim,
  { request, userId }: CreateClaimInput,
): Promise<PricedClaim> {
  const promoCode = request.promocode?.trim().toUpperCase() || null;
  const quote = directionQuote(listed, from, to, verified);
  const baseCourse = quote.course;
  if (request.expectedCourse !== undefined && !sameAmount(request.expectedCourse, baseCourse)) {
    throw new DomainError('conflict', {
      detail: /*i18n*/ {
        id: 'claims.course.changed',
        message: 'The rate has changed. Check the new amounts and submit again.',
      },
      code: 'course_changed',
      course: dec(baseCourse),
    });
  }
  const { min, max } = quote.limits.give;
  if (min !== null && compare(fromSumma, min) < 0) {
    refuseFields({
      fromSumma: [
        /*i18n*/ { id: 'claims.amount.min', message: 'The minimum amount is {amount}.', values: { amount: amountOf(min, from) } },
      ],
    });
  }
  if (max !== null && compare(fromSumma, max) > 0) {
    refuseFields({
      fromSumma: [
        /*i18n*/ { id: 'claims.amount.max', message: 'The maximum amount is {amount}.', values: { amount: amountOf(max, from) } },
      ],
    });
  }

  let course = baseCourse;
  let promocodeId: number | null = null;
  if (promoCode) {
    // Only the signed-in creator's personal codes: a guest borrows nothing from the account of the e-mail typed.
    const ownerId = userId;
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
      refuseFields({
        promocode: [/*i18n*/ { id: 'claims.promocode.invalid', message: 'The promo code is invalid or already used.' }],
      });
    }
    course = withPercent(baseCourse, taken.percent);
    promocodeId = taken.id;
  }

  const toSumma = payoutOf(fromSumma, course, to);
  if (!isPositive(toSumma))
    refuseFields({ fromSumma: [/*i18n*/ { id: 'claims.amount.tooSmall', message: 'The amount is too small.' }] });
  if (compare(toSumma, available) > 0) refuseReserve(available, to);
  return { course, toSumma, promocodeId, promocode: promocodeId === null ? null : promoCode };
}

/** The claim needs a write before its creating statement (a derived deposit address): start again in a transaction. */
class WritesBeforeCreating extends Error {}

/** What the catalogue remembered is no longer what is committed: start again from a read. */
class NotAsRemembered extends Error {}

/**
 * Validates, prices and creates the claim from the course, limits, available reserve and maintenance as committed
 * (read by one statement); the creating statement takes the payout's hold, the claim's own payment details (a free
 * deposit address or the least recently used account), writes its mail and promo-code use, records the
 * answer under the caller's Idempotency-Key and announces the claim. A claim that writes nothing before that
 * statement (no Idempotency-Key, promo code, open-claim limit or derived address) needs no transaction around the
 * two: at READ COMMITTED a transaction would not keep the read's course either, and the creating statement is
 * atomic alone; priced from the catalogue, it is written with the other claims of that moment (creationBatches.ts).
 * The others run in one transaction. Answers only after commit.
 */
export async function createClaim(db: Db, config: Config, input: CreateClaimInput): Promise<CreateClaimAnswer> {
  const answer = await createCommitted(db, config, input);
  if (!answer.replayed) afterCreated(db, answer.body.uuid);
  return answer;
}

/** The shared keys a claim's stored values are computed with (server/auth/sharedSecrets.ts). */
interface ClaimKeys {
  /** Null when the request names no sender card (the key is then never read, nor created). */
  cardFingerprint: string | null;
  requisiteSearch: string;
}

async function createCommitted(db: Db, config: Config, input: CreateClaimInput): Promise<CreateClaimAnswer> {
  // Requisite fields and currency names are display data: the cache serves them.
  const catalog = await getCatalog(db);
  // Read (once per process) before any transaction: inside one, a first read would wait for a pool connection that
  // concurrent claims' transactions may all be holding.
  const keys = {
    cardFingerprint: input.request.fromRequisites.card ? await cardFingerprintKey(db, config) : null,
    requisiteSearch: await requisiteSearchKey(db),
  };
  const limited = config.rateLimitScale !== 0 && (config.openClaims.perEmail > 0 || config.openClaims.perClient > 0);
  // The catalogue only hints at the route here: a claim that turns out to need a derived address starts again.
  const giving = catalog.currencyById.get(input.request.fromPs);
  const writesFirst =
    (input.idempotency ?? null) !== null ||
    Boolean(input.request.promocode?.trim()) ||
    limited ||
    (giving !== undefined && paymentRouteOf(giving) === 'deposit_address');
  if (!writesFirst) {
    // First from the catalogue, checked by the creating statement: one statement. A refusal is never answered from
    // the catalogue: it, like a changed course, is looked at again from what is committed.
    const remembered = rememberedPricing(catalog, input.request.fromPs, input.request.toPs);
    if (remembered) {
      try {
        return await createIn(db, null, catalog, config, keys, input, remembered);
      } catch (error) {
        if (!(error instanceof DomainError || error instanceof NotAsRemembered || error instanceof WritesBeforeCreating))
          throw error;
      }
    }
    try {
      return await createIn(db, null, catalog, config, keys, input, null);
    } catch (error) {
      if (!(error instanceof WritesBeforeCreating)) throw error;
    }
  }
  return db.transaction((tx) => createIn(db, tx, catalog, config, keys, input, null));
}

/**
 * The steps of createClaim, on `tx` when given, else each on the pool (then nothing is written before insertClaim);
 * priced from `remembered` (no transaction then) when given, else from a read of what is committed.
 */
async function createIn(
  db: Db,
  tx: Tx | null,
  catalog: Catalog,
  config: Config,
  keys: ClaimKeys,
  input: CreateClaimInput,
  remembered: Pricing | null,
): Promise<CreateClaimAnswer> {
  const { locale, userId, idempotency = null } = input;
  const run: Runner = tx ?? db;
  if (tx && idempotency) {
    const earlier = await claimIdempotencyKey(tx, idempotency);
    if (earlier) return { status: earlier.status, body: earlier.body as CreatedClaim, replayed: true };
  }
  const { maintenance, pricing } = remembered
    ? { maintenance: null, pricing: remembered }
    : await readPricing(run, input.request.fromPs, input.request.toPs, config.ratesMaxAgeSeconds);
  refuseDuringMaintenance(maintenance);
  const valid = await validateClaim(run, catalog, pricing, input);
  // Without a transaction the limits are off (createClaim): the claimant's locks would end with their statement.
  if (tx) await refuseOverOpenClaimLimits(tx, config, { email: valid.email, clientIp: input.clientIp ?? null });
  const referrerId = await referrerOf(run, input.request.refferal, userId);
  const priced = await priceClaim(run, valid, input);
  const { from, to, fromRequisites } = valid;
  const paymentRoute = paymentRouteOf(from);
  // Addresses and accounts are taken (or found missing) by the creating statement; fixed details are only read.
  if (paymentRoute === 'fixed' && !pricing?.payable) return refuseWithoutPaymentDetails(paymentRoute, from);
  // A coin with an extended public key gets a freshly derived address, stored before the claim; without one, the pool's.
  if (paymentRoute === 'deposit_address' && !tx) throw new WritesBeforeCreating();
  const derivedAddressId = paymentRoute === 'deposit_address' && tx ? await takeDerivedAddress(tx, from.id) : null;
  const claim: NewClaim = {
    email: valid.email,
    userId,
    fromCurrencyId: from.id,
    toCurrencyId: to.id,
    fromSumma: valid.fromSumma,
    toSumma: priced.toSumma,
    course: priced.course,
    withVerificationCourse: valid.verified,
    fromRequisites: sealRequisites(fromRequisites),
    toRequisites: sealRequisites(valid.toRequisites),
    requisiteDigests: requisiteDigests(keys.requisiteSearch, fromRequisites, valid.toRequisites),
    // The sender card's fingerprint: a direction flagged for card verification pays out against it.
    cardFingerprint:
      fromRequisites.card && keys.cardFingerprint !== null ? cardFingerprint(fromRequisites.card, keys.cardFingerprint) : null,
    promocodeId: priced.promocodeId,
    promocode: priced.promocode,
    referrerId,
    locale,
    // Coins confirm slower than a card transfer: a direction may set its own window, else the site's.
    paymentWindowSeconds: valid.direction.paymentWindowSeconds ?? config.paymentWindowSeconds,
    paymentRoute,
    derivedAddressId,
    addressReuseQuietSeconds: config.addressReuseQuietSeconds,
    clientIp: input.clientIp ?? null,
    capabilityHash: input.capabilityHash ?? null,
    asPriced: remembered ? asPricedValues(remembered, config.ratesMaxAgeSeconds) : null,
  };
  // Priced from the catalogue, the claim has no transaction and writes only its own row and mail (createCommitted):
  // it goes with the other claims of this moment, and its statement checks the pricing.
  let outcome: InsertOutcome;
  if (!remembered) outcome = await insertClaim(run, claim, idempotency);
  else if (tx || idempotency || claim.promocodeId !== null || paymentRoute === 'deposit_address') throw new WritesBeforeCreating();
  else outcome = outcomeOf(await createInBatch(db, paymentRoute, statementValues(claim, null)));
  if (!outcome.created && !outcome.asPriced) throw new NotAsRemembered();
  if (outcome.created) return { status: 201, body: { uuid: outcome.uuid }, replayed: false };
  if (!outcome.payable) return refuseWithoutPaymentDetails(paymentRoute, from);
  // Another claim took the reserve between the read and the hold: refuse with what is free now.
  return refuseReserve(await availableReserve(run, to.id), to);
}

function sameAmount(a: string, b: string): boolean {
  const parsed = parseAmount(a);
  return parsed !== null && compare(parsed, b) === 0;
}

async function availableReserve(tx: Runner, currencyId: number): Promise<string> {
  const [row] = await tx
    .select({ available: reserveBalances.available })
    .from(reserveBalances)
    .where(eq(reserveBalances.currencyId, currencyId));
  return row?.available ?? '0';
}

type Executor = Pick<Db, 'execute'>;

/** Runs the creating statement of one claim, on the transaction or the pool `db`. */
async function insertClaim(db: Executor, claim: NewClaim, idempotency: IdempotencyKey | null): Promise<InsertOutcome> {
  const route = claim.paymentRoute;
  const statement = createClaimStatement({
    route,
    fromPool: route === 'deposit_address' && claim.derivedAddressId === null,
    usesPromocode: claim.promocodeId !== null,
    answers: idempotency !== null,
  });
  return outcomeOf((await runPrepared<CreatingRow>(db, statement, statementValues(claim, idempotency))).rows[0]);
}

/** What decides the creating statement's text: its payment details' route and source, a promo code, an Idempotency-Key. */
interface ClaimShape {
  route: PaymentRoute;
  /** A deposit address from the coin's pool (not a derived one). */
  fromPool: boolean;
  /** The claim took a promo code's use (its use row is written). */
  usesPromocode: boolean;
  /** The request came with an Idempotency-Key (its answer is recorded). */
  answers: boolean;
}

const createClaimStatements = new Map<string, PreparedStatement>();

/** The creating statement of one shape, built once per process (insertClaim fills its values). */
function createClaimStatement(shape: ClaimShape): PreparedStatement {
  const key = `${shape.route}:${shape.fromPool}:${shape.usesPromocode}:${shape.answers}`;
  let statement = createClaimStatements.get(key);
  if (!statement) createClaimStatements.set(key, (statement = prepareStatement('create_claim', createClaimSql(shape))));
  return statement;
}

/**
 * One statement: picks the claim's payment details (a free deposit address of the give currency, locked and
 * skipped by concurrent claims, or its least recently used active account), takes the payout's hold from the
 * receive currency's reserve if that much is still free, and only when both are there inserts the claim (holding
 * it), gives it the address or account, and writes its mail, promo-code use and the Idempotency-Key's answer (its
 * creation needs no event row: eventLog.ts). Otherwise it writes nothing and says which was missing. Each shape's text holds only
 * its own parts: a table named in a statement is locked, and one it writes opened with all its indexes, at every
 * run, even where a literal false keeps it from being touched.
 */
function createClaimSql({ route, fromPool, usesPromocode, answers }: ClaimShape): SQL {
  const [byAddress, byAccount] = [route === 'deposit_address', route === 'receiving_account'];
  const poolAddress = sql.raw(String(fromPool));
  const address = sql`address as (
      -- The derived address; else the pool's first free one; else a pool address whose claim closed unpaid more
      -- than the quiet period ago and that never received anything (its earlier claim no longer shows it).
      select id from (select coalesce(${value('derivedAddressId')}::int, (
        select id from ${depositAddresses}
        where ${poolAddress} and currency_id = ${value('fromCurrencyId')} and claim_uuid is null
        order by id limit 1
        for update skip locked
      ), (
        select a.id from ${depositAddresses} a join ${claims} c on c.uuid = a.claim_uuid
        where ${poolAddress} and a.currency_id = ${value('fromCurrencyId')} and a.claim_uuid is not null
          and a.received_at is null and a.key_id is null and c.status in ('canceled', 'expired')
          and c.updated_at < now() - make_interval(secs => ${value('addressReuseQuietSeconds')})
          -- A restore retires the addresses the replaced database had given again (server/backup).
          and not exists (select 1 from retired_deposit_addresses r where r.network = a.network and r.address = a.address)
        order by a.id limit 1
        for update of a skip locked
      )) as id) picked
      where id is not null
    )`;
  const account = sql`account as (
      -- The least recently given: each active account's newest claim, read from claims_receiving_account_idx.
      select candidate.id from ${receivingAccounts} candidate
      where candidate.currency_id = ${value('fromCurrencyId')} and candidate.active
      order by ${lastGivenSql(sql`candidate.id`)} asc nulls first, candidate.id limit 1
    )`;
  const addressed = sql`, addressed as (
      update ${depositAddresses} set claim_uuid = created.uuid, used_at = now()
      from created, payable where ${depositAddresses.id} = payable.address_id
    )`;
  const used = sql`, used as (
      insert into ${promocodeUses} (promocode_id, claim_uuid)
      select ${value('promocodeId')}::int, uuid from created
    )`;
  const answered = sql`, answered as (
      update ${idempotencyKeys} set status = 201, body = jsonb_build_object('uuid', created.uuid)
      from created
      where scope = ${value('idempotencyScope')} and key = ${value('idempotencyKey')}
    )`;
  return sql`
    with ${byAddress ? sql`${address}, ` : sql``}${byAccount ? sql`${account}, ` : sql``}payable as (
      select ${byAddress ? sql`(select id from address)` : sql`null::int`} as address_id,
        ${byAccount ? sql`(select id from account)` : sql`null::int`} as account_id
      where ${byAddress ? sql`exists (select 1 from address)` : byAccount ? sql`exists (select 1 from account)` : sql`true`}
    ), held as (
      -- From one slot of the free reserve (reserve_take, migration 0033), and only once the details are there.
      select ${value('toCurrencyId')}::int as currency_id
      where case when exists (select 1 from payable) then reserve_take(${value('toCurrencyId')}, ${value('toSumma')}::numeric)
        else false end
    ), created as (
      insert into ${claims} (${CLAIM_COLUMNS})
      select ${claimRowValues(value, sql`payable.account_id`)}
      from held, payable
      returning uuid
    )${byAddress ? addressed : sql``}, mailed as (
      insert into ${claimMails} (claim_uuid, status, announces_creation)
      select uuid, ${createdStatus}, true from created
    )${usesPromocode ? used : sql``}${answers ? answered : sql``}
    -- The consoles' notice follows the commit (afterCreated).
    select (select uuid from created) as uuid, true as as_priced, exists (select 1 from payable) as payable`;
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
  readonly from: ClaimStatus;
  readonly to: ClaimStatus;
  readonly actor: ClaimActor;

  constructor(from: ClaimStatus, to: ClaimStatus, actor: ClaimActor) {
    super(`a ${actor} cannot move a claim from ${from} to ${to}`);
    this.from = from;
    this.to = to;
    this.actor = actor;
  }
}

/** A payout refused because the claim's direction needs its sender card verified and it is not yet. */
export class CardNotVerifiedError extends Error {
  constructor() {
    super('the claim is paid out only once its sender card is verified');
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
    // The locked claim is left as it was only when its payout waits for a card verification it already awaits.
    if (!moved) throw new CardNotVerifiedError();
    const [claim] = await tx.select().from(claims).where(eq(claims.uuid, uuid));
    // Waiting for the sender card: the client is led to its verification, created for the owner if missing.
    if (moved.to === CARD_CHECK_STATUS) await sendersCardVerification(tx, claim!);
    return { claim: claim!, from, reward: moved.reward };
  });
}

export function isUuid(value: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
}

/** Every status the claim reached, oldest first, with its time (the claim's event log). */
export async function claimHistory(db: Db, claim: ClaimRow): Promise<{ status: ClaimStatus; at: string }[]> {
  return (await claimEventLog(db, claim)).map((entry) => ({ status: entry.toStatus, at: entry.at.toISOString() }));
}

export async function findClaim(db: Db, uuid: string): Promise<ClaimRow | null> {
  if (!isUuid(uuid)) return null;
  const [row] = await db.select().from(claims).where(eq(claims.uuid, uuid));
  return row ?? null;
}
