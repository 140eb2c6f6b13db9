// /ops-api/v1/payments/: the coins' deposit address pools (free and used per coin, a pasted list loaded) and the
// exchanger's receiving accounts (list, add, disable), through the same services as the CLI, each change audited.
import { Hono } from 'hono';
import {
  opsAccountCreate,
  opsAddressImport,
  type OpsAddressImported,
  type OpsAddressPool,
  type OpsReceivingAccount,
} from '../../src/api/schemas/opsPayments.ts';
import { fail, fieldErrors } from '../http/errors.ts';
import { format, pick, tr, type Locale } from '../i18n/texts.ts';
import { jsonBody } from '../http/validate.ts';
import { importAddressesAs, MAX_IMPORT_LINES, poolLines, type ImportOutcome } from '../operators/addressPool.ts';
import { accountLines, addAccountAs, disableAccountAs, type AccountLine } from '../operators/receivingAccounts.ts';
import { depositKeyGaps } from '../payments/addressService.ts';
import { requisiteMessage } from '../services/requisiteMessages.ts';
import type { OpsEnv } from './env.ts';

export const opsPaymentRoutes = new Hono<OpsEnv>();

const UNKNOWN_CURRENCY = { ru: 'Валюта не найдена.', en: 'Currency not found.' };

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
      format(tr(locale, { ru: 'Строка {line} ({value}): {message}', en: 'Line {line} ({value}): {message}' }), {
        line: bad.line,
        value: bad.value,
        message: requisiteMessage(locale, outcome.check, bad.problem, bad.value),
      }),
    );
    const summary = format(
      tr(locale, {
        ru: 'Строк с ошибками: {n}. Ничего не загружено: исправьте список и загрузите его целиком.',
        en: '{n} line(s) are wrong. Nothing was loaded: fix the list and load it whole.',
      }),
      { n: outcome.badCount },
    );
    // One message: the console shows a field's first message, and the operator needs the lines to fix.
    return fieldErrors({ addresses: [[summary, ...lines].join(' ')] });
  }
  if (outcome.reason === 'unknown_currency') return fieldErrors({ code: [tr(locale, UNKNOWN_CURRENCY)] });
  if (outcome.reason === 'not_crypto') {
    return fieldErrors({
      code: [
        tr(locale, { ru: 'Эта валюта оплачивается не на адреса.', en: 'This currency is not paid to addresses.' }),
      ],
    });
  }
  if (outcome.reason === 'empty')
    return fieldErrors({ addresses: [tr(locale, { ru: 'В списке нет адресов.', en: 'The list has no addresses.' })] });
  // Too long: more lines than one import takes.
  return fieldErrors({
    addresses: [
      format(tr(locale, { ru: 'Не больше {n} адресов за раз.', en: 'At most {n} addresses at a time.' }), {
        n: MAX_IMPORT_LINES,
      }),
    ],
  });
}

opsPaymentRoutes.post('/addresses/', async (c) => {
  const locale = c.get('locale');
  const { code, addresses } = await jsonBody(c, opsAddressImport);
  const outcome = await importAddressesAs(c.get('db'), c.get('operator'), code, addresses);
  if (!outcome.ok) refuseList(locale, outcome);
  return c.json({ loaded: outcome.loaded, skipped: outcome.skipped, free: outcome.free } satisfies OpsAddressImported);
});

opsPaymentRoutes.get('/accounts/', async (c) => c.json((await accountLines(c.get('db'))).map(accountDto)));

opsPaymentRoutes.post('/accounts/', async (c) => {
  const locale = c.get('locale');
  const body = await jsonBody(c, opsAccountCreate);
  const outcome = await addAccountAs(c.get('db'), c.get('operator'), body);
  if (outcome.ok) return c.json(accountDto(outcome.line), 201);
  if (outcome.reason === 'invalid') {
    return fieldErrors({
      [outcome.field]: [requisiteMessage(locale, outcome.check, outcome.problem, body[outcome.field] ?? '')],
    });
  }
  if (outcome.reason === 'unknown_currency') return fieldErrors({ code: [tr(locale, UNKNOWN_CURRENCY)] });
  if (outcome.reason === 'not_account_currency') {
    return fieldErrors({
      code: [
        tr(locale, { ru: 'Эта валюта оплачивается не на счета.', en: 'This currency is not paid into accounts.' }),
      ],
    });
  }
  return fieldErrors({ number: [tr(locale, { ru: 'Такой счёт уже есть.', en: 'This account is already there.' })] });
});

opsPaymentRoutes.post('/accounts/:id{[0-9]{1,9}}/disable/', async (c) => {
  const id = Number(c.req.param('id'));
  const outcome = await disableAccountAs(c.get('db'), c.get('operator'), id);
  if (!outcome) fail(404, tr(c.get('locale'), { ru: 'Счёт не найден.', en: 'Account not found.' }));
  return c.json({ id, active: false });
});
