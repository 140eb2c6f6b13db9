// /api/v1/claim/...: create an exchange request, read it, learn where to pay, report payment, upload a receipt.
import { Hono, type Context } from 'hono';
import * as z from 'zod/mini';
import {
  createClaimRequest,
  type ClaimForm,
  type ClaimRepricing,
  type ClaimRequisite,
  type ClaimStatusResponse,
} from '../../src/api/schemas/claim.ts';
import { RECEIPT_STATUSES, takesReceipt } from '../../src/domain/claimStatus.ts';
import { maskRequisite } from '../../src/domain/requisiteMask.ts';
import type { Side } from '../db/schema/calculator.ts';
import { optionalAuth, tokenNotValid } from '../http/authenticate.ts';
import { openRequisites } from '../keys/atRest.ts';
import type { CurrencyRow } from '../db/schema/calculator.ts';
import type { ClaimRow } from '../db/schema/claims.ts';
import { captchaEnabled, verifyCaptcha } from '../auth/captcha.ts';
import type { AppEnv, AppVariables } from '../http/env.ts';
import { fail, fieldErrors } from '../http/errors.ts';
import type { Locale } from '../../src/domain/locale.ts';
import type { Text } from '../i18n/text.ts';
import { pick } from '../i18n/pick.ts';
import { translate } from '../i18n/translate.ts';
import { clientIp, clientLimitKey } from '../http/clientIp.ts';
import { rateLimit } from '../http/rateLimit.ts';
import { jsonBody, validate } from '../http/validate.ts';
import { dec, getCatalog, sideFields, type Catalog } from '../catalogue/catalog.ts';
import { cardWaitOf } from './cardVerificationGate.ts';
import { CLAIM_NOT_FOUND, claimHistory, createClaim, moveClaim, TransitionError } from './service.ts';
import { findClaimAtNow, type ClaimAtNow } from './claimAtNow.ts';
import { expireClaimIfDue } from './expiry.ts';
import { repricingOf } from './repricing.ts';
import { earlierAnswer, IDEMPOTENCY_HEADER, idempotencyKeyFrom } from './idempotency.ts';
import { claimPaymentDetails } from '../payments/details.ts';
import { currencyDto } from '../http/presenters.ts';
import { MAX_RECEIPT_UPLOADS_PER_CLAIM, storeReceipt } from './receipts.ts';
import { cleanUpload } from '../http/readUpload.ts';
import { claimDeposits, publicDeposit } from '../payments/chains/deposits.ts';
import { rateReceiptOf } from './rateReceipt.ts';
import { holdsClaimCapability, newClaimCapability, setClaimCapabilityCookie } from '../http/claimCapability.ts';

const RECEIPT_REFUSED: Text = /*i18n*/ {
  id: 'claims.receipt.refused',
  message: 'A receipt can no longer be attached to this request.',
};

/** The claim of the path with the database's now (its deadline is judged by the clock it was written by). */
async function claimOf(c: Context<AppEnv>): Promise<ClaimAtNow> {
  const found = await findClaimAtNow(c.get('db'), c.req.param('uuid') ?? '');
  if (!found) fail(404, CLAIM_NOT_FOUND);
  return found;
}

function currencyOf(catalog: Catalog, id: number): CurrencyRow {
  const row = catalog.currencyById.get(id);
  if (!row) throw new Error(`claim refers to an inactive or missing currency ${id}`);
  return row;
}

/** The re-price of a late payment as the client sees it: the prices, not who made it. */
async function clientRepricing(db: AppVariables['db'], uuid: string): Promise<ClaimRepricing | null> {
  const record = await repricingOf(db, uuid);
  if (!record) return null;
  const { oldCourse, newCourse, oldToSumma, newToSumma, at } = record;
  return { oldCourse: dec(oldCourse), newCourse: dec(newCourse), oldToSumma: dec(oldToSumma), newToSumma: dec(newToSumma), at };
}

async function statusBody(c: Context<AppEnv>, { claim, now }: ClaimAtNow): Promise<ClaimStatusResponse> {
  return {
    status: claim.status,
    deadline: claim.deadline.toISOString(),
    serverTime: now.toISOString(),
    reason: claim.reason,
    billUploaded: claim.billUploadedAt !== null,
    history: await claimHistory(c.get('db'), claim),
    repricing: await clientRepricing(c.get('db'), claim.uuid),
    cardVerification: await cardWaitOf(c.get('db'), claim),
    deposits: (await claimDeposits(c.get('db'), claim.uuid)).map(publicDeposit),
    mayChange: callerOwns(c, claim),
  };
}

/**
 * The caller created the claim: its browser holds the claim's capability cookie (the claim page sends no token,
 * docs/product.md §6), or an API client signs in as the account the claim belongs to.
 */
function callerOwns(c: Context<AppEnv>, claim: ClaimRow): boolean {
  if (holdsClaimCapability(c, claim.capabilityHash)) return true;
  const userId = c.get('userId');
  return claim.userId !== null && userId !== null && userId !== undefined && userId === claim.userId;
}

/**
 * A claim is confirmed, canceled or given a receipt by its creator only, a guest's as much as a signed-in user's:
 * whoever else holds the link may look, not change.
 */
function ensureMayChange(c: Context<AppEnv>, claim: ClaimRow): void {
  if (callerOwns(c, claim)) return;
  // A stale token (the page stayed open past its lifetime) is refreshed by the browser and the call repeated.
  if (c.req.header('authorization') && c.get('userId') === null) throw tokenNotValid();
  fail(
    403,
    claim.createdSignedIn
      ? /*i18n*/ {
          id: 'claims.owner.signedIn',
          message: 'Only the owner can change this request: sign in to the account it was created from, or write to support.',
        }
      : /*i18n*/ {
          id: 'claims.owner.creator',
          message: 'Only the creator can change this request: open it in the browser it was created in, or write to support.',
        },
    'not_claim_owner',
  );
}

/** One side's requisites as the caller may see them: in full for the owner, cards, names and phones masked otherwise. */
function shownRequisites(
  catalog: Catalog,
  currencyId: number,
  side: Side,
  values: Record<string, string>,
  full: boolean,
): Record<string, string> {
  if (full) return values;
  const checks = new Map(sideFields(catalog, currencyId, side).map((field) => [field.name, field.check]));
  // A field the catalogue no longer lists is masked as a card would be: better too little than too much.
  return Object.fromEntries(
    Object.entries(values).map(([name, value]) => [name, maskRequisite(checks.get(name) ?? 'card', value)]),
  );
}

/** A past-deadline claim the job has not reached yet is expired on the spot, so nobody can pay it late. */
async function expireIfDue(c: Context<AppEnv>, read: ClaimAtNow): Promise<ClaimAtNow> {
  const { claim, now } = read;
  if (claim.status !== 'awaiting_payment' || claim.deadline.getTime() > now.getTime()) return read;
  if (!(await expireClaimIfDue(c.get('db'), claim.uuid))) return read;
  return (await findClaimAtNow(c.get('db'), claim.uuid)) ?? read;
}

/** Text for a payment QR code: a wallet URI with the amount for coins that have a scheme, else the address. */
function qrText(currency: CurrencyRow, values: Map<string, string>, summa: string): string | null {
  if (currency.kind !== 'crypto') return null;
  const address = values.get('address');
  if (!address) return null;
  if (currency.qrScheme === 'ton') {
    const memo = values.get('memo');
    return `ton://transfer/${address}${memo ? `?text=${encodeURIComponent(memo)}` : ''}`;
  }
  if (currency.qrScheme) return `${currency.qrScheme}:${address}?amount=${summa}`;
  return address;
}

const emptyBody = z.strictObject({});

/** Actions without a payload accept no body or `{}`; anything else is a client error. */
async function expectEmptyBody(c: Context<AppEnv>): Promise<void> {
  const raw = await c.req.text();
  if (raw.trim() === '') return;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    fail(400, /*i18n*/ { id: 'claims.body.malformedJson', message: 'Malformed JSON.' }, 'parse_error');
  }
  validate(emptyBody, parsed);
}

function localeOf(c: Context<AppEnv>): Locale {
  return c.get('locale');
}

/**
 * "I have paid" and "cancel": the client moves its claim along the status table. Repeating the move (or a
 * parallel one getting there first) answers the same status; a move the table forbids answers 409.
 */
async function clientMove(
  c: Context<AppEnv>,
  to: 'paid' | 'canceled',
  note: string,
  refusal: Text,
): Promise<Response> {
  const found = await claimOf(c);
  ensureMayChange(c, found.claim);
  const read = await expireIfDue(c, found);
  const { claim, now } = read;
  await expectEmptyBody(c);
  if (claim.status === 'expired' && to === 'paid') {
    fail(
      409,
      /*i18n*/ {
        id: 'claims.payment.expired',
        message:
          'The waiting time for payment has expired. If you still want to exchange, please create a new application.',
      },
      'claim_expired',
    );
  }
  if (claim.status === to) return c.json(await statusBody(c, read));
  try {
    const moved = await moveClaim(c.get('db'), claim.uuid, to, 'client', { note });
    return c.json(await statusBody(c, { claim: moved!.claim, now }));
  } catch (error) {
    if (!(error instanceof TransitionError)) throw error;
    if (error.from === to) return c.json(await statusBody(c, (await findClaimAtNow(c.get('db'), claim.uuid)) ?? read));
    fail(409, refusal, 'invalid_status');
  }
}

export const claimRoutes = new Hono<AppEnv>()
  .post('/', rateLimit({ name: 'claim-create', capacity: 60, perSecond: 1 }), optionalAuth, async (c) => {
    const locale = localeOf(c);
    const request = await jsonBody(c, createClaimRequest);
    const config = c.get('config');
    const userId = c.get('userId');
    // Keys are per client: the account when signed in, else the client's address.
    const scope = userId === null ? `ip:${clientIp(c)}` : `user:${userId}`;
    const idempotency = idempotencyKeyFrom(c.req.header(IDEMPOTENCY_HEADER), scope, request);
    if (captchaEnabled(config)) {
      // A retry of a submit that went through carries the captcha its first attempt spent: it gets that answer.
      const earlier = idempotency ? await earlierAnswer(c.get('db'), idempotency) : null;
      if (earlier) {
        c.header('Idempotent-Replayed', 'true');
        return c.json(earlier.body as { uuid: string }, earlier.status as 201);
      }
      if (!(await verifyCaptcha(config, request.recaptcha, clientIp(c)))) {
        fieldErrors({
          recaptcha: [/*i18n*/ { id: 'claims.captcha.failed', message: 'Please confirm you are not a robot.' }],
        });
      }
    }
    const capability = newClaimCapability();
    const answer = await createClaim(c.get('db'), config, {
      request,
      locale,
      userId,
      idempotency,
      clientIp: clientLimitKey(c),
      capabilityHash: capability.hash,
    });
    if (answer.replayed) c.header('Idempotent-Replayed', 'true');
    else if (answer.status === 201) setClaimCapabilityCookie(c, answer.body.uuid, capability);
    return c.json(answer.body, answer.status as 201);
  })
  .get('/captchacheck', (c) => {
    const config = c.get('config');
    const enabled = captchaEnabled(config);
    return c.json({ enabled, siteKey: enabled ? config.captchaSiteKey : null });
  })
  .get('/:uuid/form/', optionalAuth, async (c) => {
    const { claim, now } = await expireIfDue(c, await claimOf(c));
    const catalog = await getCatalog(c.get('db'));
    const locale = localeOf(c);
    const owner = callerOwns(c, claim);
    const body: ClaimForm = {
      uuid: claim.uuid,
      status: claim.status,
      email: claim.email,
      from: {
        currency: currencyDto(currencyOf(catalog, claim.fromCurrencyId), locale),
        summa: dec(claim.fromSumma),
        requisites: shownRequisites(catalog, claim.fromCurrencyId, 'give', openRequisites(claim.fromRequisites), owner),
      },
      to: {
        currency: currencyDto(currencyOf(catalog, claim.toCurrencyId), locale),
        summa: dec(claim.toSumma),
        requisites: shownRequisites(catalog, claim.toCurrencyId, 'receive', openRequisites(claim.toRequisites), owner),
      },
      course: dec(claim.course),
      withVerificationCourse: claim.withVerificationCourse,
      promocode: claim.promocode,
      createdAt: claim.createdAt.toISOString(),
      deadline: claim.deadline.toISOString(),
      serverTime: now.toISOString(),
      owner,
      deposits: (await claimDeposits(c.get('db'), claim.uuid)).map(publicDeposit),
      rateReceipt: await rateReceiptOf(c.get('db'), claim),
    };
    // Full requisites are the owner's alone: no shared cache may keep them.
    if (owner) c.header('Cache-Control', 'no-store');
    return c.json(body);
  })
  .get('/:uuid/requisite/', async (c) => {
    const { claim } = await claimOf(c);
    const catalog = await getCatalog(c.get('db'));
    const locale = localeOf(c);
    const currency = currencyOf(catalog, claim.fromCurrencyId);
    const { payTo, paymentComment } = await claimPaymentDetails(c.get('db'), catalog, claim, currency);
    const summa = dec(claim.fromSumma);
    const body: ClaimRequisite = {
      currency: currencyDto(currency, locale),
      summa,
      payTo: payTo.map((line) => ({ ...line, label: translate(locale, line.label) })),
      qr: qrText(currency, new Map(payTo.map((row) => [row.name, row.value])), summa),
      comment: pick(locale, currency.payCommentRu, currency.payCommentEn),
      paymentComment,
    };
    return c.json(body);
  })
  .get('/:uuid/status/', optionalAuth, async (c) => {
    return c.json(await statusBody(c, await expireIfDue(c, await claimOf(c))));
  })
  .post('/:uuid/confirm/', rateLimit({ name: 'claim-confirm', capacity: 30, perSecond: 0.5 }), optionalAuth, (c) =>
    clientMove(c, 'paid', 'client reported payment', /*i18n*/ {
      id: 'claims.confirm.refused',
      message: 'This request can no longer be marked as paid.',
    }),
  )
  .post('/:uuid/cancel/', rateLimit({ name: 'claim-cancel', capacity: 30, perSecond: 0.5 }), optionalAuth, (c) =>
    clientMove(c, 'canceled', 'client canceled', /*i18n*/ {
      id: 'claims.cancel.refused',
      message: 'This request can no longer be canceled.',
    }),
  )
  .post('/:uuid/bill/', rateLimit({ name: 'claim-bill', capacity: 10, perSecond: 0.1 }), optionalAuth, async (c) => {
    const { claim } = await claimOf(c);
    ensureMayChange(c, claim);
    if (!takesReceipt(claim.status)) fail(409, RECEIPT_REFUSED, 'invalid_status');
    if (!(c.req.header('content-type') ?? '').toLowerCase().startsWith('multipart/form-data')) {
      fail(415, /*i18n*/ { id: 'claims.receipt.notMultipart', message: 'Send the file as multipart/form-data.' });
    }
    let form: Record<string, unknown>;
    try {
      form = await c.req.parseBody();
    } catch {
      fail(400, /*i18n*/ { id: 'claims.receipt.unreadableForm', message: 'The form could not be read.' });
    }
    const image = await cleanUpload(form.file);
    const outcome = await storeReceipt(c.get('db'), claim.uuid, RECEIPT_STATUSES, image);
    if (outcome === 'not_accepting') fail(409, RECEIPT_REFUSED, 'invalid_status');
    if (outcome === 'too_many') {
      fieldErrors({
        file: [
          /*i18n*/ {
            id: 'claims.receipt.tooMany',
            message: 'A receipt can be sent at most {n} times for this request.',
            values: { n: MAX_RECEIPT_UPLOADS_PER_CLAIM },
          },
        ],
      });
    }
    return c.json({
      detail: translate(localeOf(c), /*i18n*/ { id: 'claims.receipt.uploaded', message: 'Receipt uploaded.' }),
    });
  });
