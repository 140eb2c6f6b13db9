// /ops-api/v1/payments/: the coins' deposit address pools (free and used per coin, a pasted list loaded) and the
// exchanger's receiving accounts (list, add, disable). A change here is proposed (202) and applied only when a second
// admin approves it (server/backoffice/pendingChanges.ts).
import { Hono } from 'hono';
import {
  opsAccountCreate,
  opsAddressImport,
  type OpsAddressPool,
  type OpsReceivingAccount,
} from '../../src/api/schemas/opsPayments.ts';
import { fail, fieldErrors } from '../http/errors.ts';
import type { Locale } from '../../src/domain/locale.ts';
import type { Text } from '../i18n/text.ts';
import { pick } from '../i18n/pick.ts';
import { translate } from '../i18n/translate.ts';
import { jsonBody } from '../http/validate.ts';
import { MAX_IMPORT_LINES, poolLines, type ImportOutcome } from './addressPool.ts';
import { proposeChange } from '../backoffice/pendingChanges.ts';
import { accountLines, type AccountLine } from './receivingAccounts.ts';
import { proposedAnswer } from '../backoffice/changeRoutes.ts';
import { depositKeyGaps } from './addressService.ts';
import { requisiteMessage } from '../claims/requisiteMessages.ts';
import type { OpsEnv } from '../backoffice/env.ts';

export const opsPaymentRoutes = new Hono<OpsEnv>();

const UNKNOWN_CURRENCY: Text = /*i18n*/ { id: 'payments.currency.notFound', message: 'Currency not found.' };

function accountDto(line: AccountLine): OpsReceivingAccount {
  const { id, code, number, holder, bank, active, lastUsedAt } = line;
  return { id, code, number, holder, bank, active, lastUsedAt: lastUsedAt?.toISOString() ?? null };
}

opsPaymentRoutes.get('/addresses/', async (c) => {
  const locale = c.get('locale');
  const keys = new Map((await depositKeyGaps(c.get('db'))).map((gap) => [gap.code, gap]));
  const keyOf = (code: string) => {
    const gap = keys.get(code);
    return gap
      ? { key: gap.key, nextIndex: gap.nextIndex, unpaidSinceLastPaid: gap.unpaidSinceLastPaid, overGapLimit: gap.overGapLimit }
      : null;
  };
  const pools: OpsAddressPool[] = (await poolLines(c.get('db'))).map((line) => ({
    code: line.code,
    name: pick(locale, line.nameRu, line.nameEn),
    network: line.network,
    free: line.free,
    used: line.used,
    low: line.low,
    key: keyOf(line.code),
  }));
  return c.json(pools);
});

/** The refusal of a list, under the field it came from: what is wrong with it, bad lines named. */
function refuseList(locale: Locale, outcome: Exclude<ImportOutcome, { ok: true }>): never {
  if (outcome.reason === 'invalid') {
    const lines = outcome.bad.map((bad) =>
      translate(locale, /*i18n*/ {
        id: 'payments.import.badLine',
        message: 'Line {line} ({value}): {message}',
        values: {
          line: bad.line,
          value: bad.value,
          message: translate(locale, requisiteMessage(outcome.check, bad.problem, bad.value)),
        },
      }),
    );
    const summary = translate(locale, /*i18n*/ {
      id: 'payments.import.badLines',
      message: '{n} line(s) are wrong. Nothing was loaded: fix the list and load it whole.',
      values: { n: outcome.badCount },
    });
    // One message: the console shows a field's first message, and the operator needs the lines to fix.
    return fieldErrors({ addresses: [[summary, ...lines].join(' ')] });
  }
  if (outcome.reason === 'unknown_currency') return fieldErrors({ code: [UNKNOWN_CURRENCY] });
  if (outcome.reason === 'not_crypto') {
    return fieldErrors({
      code: [/*i18n*/ { id: 'payments.import.notCrypto', message: 'This currency is not paid to addresses.' }],
    });
  }
  if (outcome.reason === 'empty')
    return fieldErrors({ addresses: [/*i18n*/ { id: 'payments.import.empty', message: 'The list has no addresses.' }] });
  // Too long: more lines than one import takes.
  return fieldErrors({
    addresses: [
      /*i18n*/ {
        id: 'payments.import.tooLong',
        message: 'At most {n} addresses at a time.',
        values: { n: MAX_IMPORT_LINES },
      },
    ],
  });
}

opsPaymentRoutes.post('/addresses/', async (c) => {
  const locale = c.get('locale');
  const { code, addresses } = await jsonBody(c, opsAddressImport);
  const proposal = await proposeChange(c.get('db'), c.get('operator'), 'addresses.import', { code, addresses }, (result) => ({
    target: code.toUpperCase(),
    before: result.ok ? { free: result.free - result.loaded } : null,
    after: result.ok ? { loaded: result.loaded, skipped: result.skipped, free: result.free } : null,
  }));
  if (!proposal.result.ok) refuseList(locale, proposal.result);
  return proposal.proposed ? proposedAnswer(c, proposal.id) : c.json({ detail: 'unreachable' }, 500);
});

opsPaymentRoutes.get('/accounts/', async (c) => c.json((await accountLines(c.get('db'))).map(accountDto)));

opsPaymentRoutes.post('/accounts/', async (c) => {
  const body = await jsonBody(c, opsAccountCreate);
  const proposal = await proposeChange(c.get('db'), c.get('operator'), 'account.add', body, (result) => ({
    target: body.code.toUpperCase(),
    before: null,
    after: result.ok ? { code: result.line.code, number: result.line.number, holder: result.line.holder, bank: result.line.bank } : null,
  }));
  if (proposal.proposed) return proposedAnswer(c, proposal.id);
  const outcome = proposal.result;
  if (outcome.ok) return c.json(accountDto(outcome.line), 201);
  if (outcome.reason === 'invalid') {
    return fieldErrors({
      [outcome.field]: [requisiteMessage(outcome.check, outcome.problem, body[outcome.field] ?? '')],
    });
  }
  if (outcome.reason === 'unknown_currency') return fieldErrors({ code: [UNKNOWN_CURRENCY] });
  if (outcome.reason === 'not_account_currency') {
    return fieldErrors({
      code: [/*i18n*/ { id: 'payments.account.notAccountCurrency', message: 'This currency is not paid into accounts.' }],
    });
  }
  return fieldErrors({ number: [/*i18n*/ { id: 'payments.account.duplicate', message: 'This account is already there.' }] });
});

opsPaymentRoutes.post('/accounts/:id{[0-9]{1,9}}/disable/', async (c) => {
  const id = Number(c.req.param('id'));
  const account = (await accountLines(c.get('db'))).find((line) => line.id === id);
  if (!account) fail(404, /*i18n*/ { id: 'payments.account.notFound', message: 'Account not found.' });
  const proposal = await proposeChange(c.get('db'), c.get('operator'), 'account.disable', { id }, () => ({
    target: `${account.code} #${id}`,
    before: { number: account.number, active: true },
    after: { number: account.number, active: false },
  }));
  // Already off: nothing to approve.
  return proposal.proposed ? proposedAnswer(c, proposal.id) : c.json({ id, active: false });
});
