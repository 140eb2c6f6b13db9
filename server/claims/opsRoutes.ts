// /ops-api/v1/claims/: the live queue, counts per status, one claim in full, and the operator's status moves.
import { Hono, type Context } from 'hono';
import {
  opsClaimMoveRequest,
  opsClaimPayoutRequest,
  opsClaimsQuery,
  type OpsClaimDetail,
  type OpsClaimRow,
} from '../../src/api/schemas/ops.ts';
import { reasonMissing } from '../../src/domain/claimReasons.ts';
import { nextStatuses } from '../../src/domain/claimStatus.ts';
import { pagedBody, readPage } from '../http/paging.ts';
import type { ClaimRow } from '../db/schema/claims.ts';
import { fail, fieldErrors } from '../http/errors.ts';
import { translate } from '../i18n/translate.ts';
import { jsonBody, validate } from '../http/validate.ts';
import { moveClaimAsOperator } from './operatorMoves.ts';
import { requisitesForOperator } from './operatorRequisites.ts';
import {
  priceNow,
  RepriceNoCourseError,
  RepriceReserveShortError,
  repricingOf,
  type PriceNow,
} from './repricing.ts';
import { claimCounts, claimEventsOf, claimQueue, currencyCodes, otherClaimsOf } from './queue.ts';
import { dec, getCatalog } from '../catalogue/catalog.ts';
import { CardNotVerifiedError, CLAIM_NOT_FOUND, findClaim, TransitionError } from './service.ts';
import { claimPaymentDetails } from '../payments/details.ts';
import { claimDeposits, claimPayout } from '../payments/chains/deposits.ts';
import { recordPayout } from '../payments/chains/payouts.ts';
import { readReceipt } from './receipts.ts';
import { ReserveShortError } from './statusMoves.ts';
import type { OpsEnv } from '../backoffice/env.ts';
import { imageResponse, receiptPath, receiptStored } from '../backoffice/images.ts';

export const opsClaimRoutes = new Hono<OpsEnv>();

async function claimOf(c: Context<OpsEnv>): Promise<ClaimRow> {
  const claim = await findClaim(c.get('db'), c.req.param('uuid') ?? '');
  if (!claim) fail(404, CLAIM_NOT_FOUND);
  return claim;
}

opsClaimRoutes.get('/', async (c) => {
  const query = validate(opsClaimsQuery, c.req.query());
  const page = readPage(c);
  const { count, rows } = await claimQueue(c.get('db'), query, page);
  return c.json(pagedBody<OpsClaimRow>(c, page, count, rows));
});

opsClaimRoutes.get('/counts/', async (c) => c.json(await claimCounts(c.get('db'))));

/** What a paid-late claim would be re-priced at now, for the operator to see before; null otherwise or untraded. */
async function repriceQuoteOf(c: Context<OpsEnv>, claim: ClaimRow): Promise<PriceNow | null> {
  if (claim.status !== 'paid_late') return null;
  try {
    const { course, toSumma } = await priceNow(c.get('db'), claim);
    return { course: dec(course), toSumma: dec(toSumma) };
  } catch (error) {
    if (error instanceof RepriceNoCourseError) return null;
    throw error;
  }
}

opsClaimRoutes.get('/:uuid/', async (c) => {
  const db = c.get('db');
  const claim = await claimOf(c);
  const catalog = await getCatalog(db);
  const giveCurrency = catalog.currencyById.get(claim.fromCurrencyId);
  const [codes, events, otherClaims, hasReceipt, repricing, repriceQuote, payment, deposits, payout] = await Promise.all([
    currencyCodes(db, claim),
    claimEventsOf(db, claim),
    otherClaimsOf(db, claim),
    receiptStored(db, claim),
    repricingOf(db, claim.uuid),
    repriceQuoteOf(c, claim),
    giveCurrency ? claimPaymentDetails(db, catalog, claim, giveCurrency) : { payTo: [], paymentComment: null },
    claimDeposits(db, claim.uuid),
    claimPayout(db, claim.uuid),
  ]);
  const detail: OpsClaimDetail = {
    uuid: claim.uuid,
    status: claim.status,
    email: claim.email,
    ...codes,
    fromSumma: claim.fromSumma,
    toSumma: claim.toSumma,
    createdAt: claim.createdAt.toISOString(),
    deadline: claim.deadline.toISOString(),
    course: claim.course,
    withVerificationCourse: claim.withVerificationCourse,
    ...(await requisitesForOperator(db, c.get('operator'), catalog, claim)),
    promocode: claim.promocode,
    locale: claim.locale,
    reason: claim.reason,
    userId: claim.userId,
    receiptUrl: hasReceipt ? receiptPath(c, claim.uuid) : null,
    payment: {
      payTo: payment.payTo.map((line) => ({ ...line, label: translate(c.get('locale'), line.label) })),
      paymentComment: payment.paymentComment,
    },
    events,
    repricing,
    repriceQuote,
    otherClaims,
    moves: nextStatuses(claim.status, 'operator'),
    deposits: deposits.map(({ outputIndex: _outputIndex, ...deposit }) => deposit),
    payout,
  };
  return c.json(detail);
});

// The payout transaction: the chain watcher completes the claim once the chain shows it paying the client.
opsClaimRoutes.post('/:uuid/payout/', async (c) => {
  const body = await jsonBody(c, opsClaimPayoutRequest);
  const claim = await claimOf(c);
  const outcome = await recordPayout(c.get('db'), c.get('operator'), claim.uuid, body.txHash);
  if (!outcome.ok && outcome.reason === 'bad_hash') {
    fieldErrors({
      txHash: [
        /*i18n*/ {
          id: 'claims.payout.badHash',
          message: 'This is not a transaction hash: 64 hex digits (with 0x on Ethereum).',
        },
      ],
    });
  }
  if (!outcome.ok) {
    fail(
      409,
      /*i18n*/ { id: 'claims.payout.notProcessing', message: 'A payout is recorded while the request is processing.' },
      'invalid_status',
    );
  }
  return c.json(await claimPayout(c.get('db'), claim.uuid));
});

opsClaimRoutes.post('/:uuid/move/', async (c) => {
  const body = await jsonBody(c, opsClaimMoveRequest);
  const claim = await claimOf(c);
  const reason = body.reason?.trim() || undefined;
  if (reasonMissing(body.status, reason)) {
    fieldErrors({ reason: [/*i18n*/ { id: 'claims.move.reasonMissing', message: 'Give a reason: the client will see it.' }] });
  }
  const operator = c.get('operator');
  try {
    await moveClaimAsOperator(c.get('db'), operator, claim.uuid, body.status, {
      note: `operator ${operator.email}`,
      ...(reason ? { reason } : {}),
    });
  } catch (error) {
    if (error instanceof ReserveShortError) {
      fail(
        409,
        /*i18n*/ {
          id: 'claims.move.reserveShort',
          message: 'The reserve cannot cover this payout: raise the reserve first.',
        },
        'reserve_short',
      );
    }
    if (error instanceof RepriceReserveShortError) {
      fieldErrors({
        status: [
          /*i18n*/ {
            id: 'claims.repricing.reserveShort',
            message:
              'The reserve cannot cover the new price: {needed} needed, {available} available. Raise the reserve or return the payment.',
            values: { needed: error.needed, available: error.available },
          },
        ],
      });
    }
    if (error instanceof RepriceNoCourseError) {
      fieldErrors({
        status: [
          /*i18n*/ {
            id: 'claims.repricing.noCourse',
            message:
              'The direction of the request has no rate now (switched off or paused): it cannot be re-priced; return the payment.',
          },
        ],
      });
    }
    if (error instanceof CardNotVerifiedError) {
      fieldErrors({
        status: [
          /*i18n*/ {
            id: 'claims.move.cardNotVerified',
            message:
              'This direction pays out only after the sender card is verified, and it is not yet: approve its verification first.',
          },
        ],
      });
    }
    if (!(error instanceof TransitionError)) throw error;
    fieldErrors({
      status: [
        /*i18n*/ {
          id: 'claims.move.forbidden',
          message: 'A request cannot move from "{from}" to "{to}".',
          values: { from: error.from, to: body.status },
        },
      ],
    });
  }
  const moved = await claimOf(c);
  return c.json({ status: moved.status, moves: nextStatuses(moved.status, 'operator') });
});

opsClaimRoutes.get('/:uuid/receipt/', async (c) => {
  const claim = await claimOf(c);
  const receipt = await readReceipt(c.get('db'), claim.uuid);
  if (!receipt) fail(404, /*i18n*/ { id: 'claims.receipt.missing', message: 'No receipt was uploaded.' });
  return imageResponse(c, receipt);
});
