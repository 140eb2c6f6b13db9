// /ops-api/v1/rates/: the live rates from the console, through the same services as `npm run ops -- rates`:
// directions on a formula (course, paused, held jump) with the guard's recent events; a formula set (checked
// against the sources as they answer now) or removed, each proposed (202) and applied when a second admin approves
// it; a held jump accepted or rejected. Each change is audited in its own transaction by the service.
import { Hono, type Context } from 'hono';
import { opsFormulaUpdate, opsHeldDecision, type OpsRates } from '../../src/api/schemas/opsRates.ts';
import { fail, fieldErrors } from '../http/errors.ts';
import { format, tr, type Texts, type Locale } from '../i18n/texts.ts';
import { jsonBody } from '../http/validate.ts';
import { loadRatesConfig, type RatesConfig } from './config.ts';
import { FormulaError, type FormulaErrorCode } from './formula.ts';
import { decideHeldCourse, directionRateSettings, listRateEvents, listRateFeeds } from './operator.ts';
import { proposeChange } from '../backoffice/pendingChanges.ts';
import { proposedAnswer } from '../backoffice/changeRoutes.ts';
import type { OpsEnv } from '../backoffice/env.ts';

export const opsRateRoutes = new Hono<OpsEnv>();

/** How many of the newest guard events the screen lists. */
const EVENTS_SHOWN = 30;

const FORMULA_REFUSALS: Record<FormulaErrorCode, Texts> = {
  empty: { ru: 'Формула пуста.', en: 'The formula is empty.' },
  too_long: { ru: 'Формула слишком длинная.', en: 'The formula is too long.' },
  unexpected_character: { ru: 'Недопустимый символ.', en: 'Unexpected character.' },
  bad_number: { ru: 'Неверно записано число.', en: 'Malformed number.' },
  bad_reference: { ru: 'Цена пишется как источник:СИМВОЛ.', en: 'A price is written source:SYMBOL.' },
  expected_operand: { ru: 'Здесь ожидается число или цена.', en: 'A number or a price is expected here.' },
  expected_operator: {
    ru: 'Здесь ожидается знак + - * / или лишняя скобка.',
    en: 'An operator (+ - * /) is expected here, or a parenthesis closes nothing.',
  },
  unclosed_parenthesis: { ru: 'Скобка не закрыта.', en: 'This parenthesis is never closed.' },
  unknown_source: { ru: 'Неизвестный источник (известны: {sources}).', en: 'Unknown source (known: {sources}).' },
  unknown_symbol: { ru: 'Источник не публикует такой символ.', en: 'The source publishes no such symbol.' },
  source_unavailable: {
    ru: 'Источник сейчас недоступен, формулу нельзя проверить.',
    en: 'The source cannot be reached now to check the formula.',
  },
  division_by_zero: { ru: 'Деление на ноль.', en: 'Division by zero.' },
  not_positive: { ru: 'Сегодня формула даёт не положительный курс.', en: 'Today the formula gives no positive rate.' },
};

/** A refused formula as a field error on the formula it points into: what is wrong and at which character. */
function formulaRefusal(error: FormulaError, locale: Locale, config: RatesConfig, verifiedText: string | null): never {
  const what = format(tr(locale, FORMULA_REFUSALS[error.code]), { sources: [...config.sources.keys()].join(', ') });
  const where = format(tr(locale, { ru: 'Позиция {n}: ', en: 'Position {n}: ' }), { n: error.position + 1 });
  const field = verifiedText !== null && error.formula === verifiedText ? 'verified' : 'course';
  fieldErrors({ [field]: [`${where}${what}`] });
}

/** The direction's name and formulas now, for the approver of a proposal; 404 when there is no such direction. */
async function directionSettings(c: Context<OpsEnv>, id: number) {
  const settings = await directionRateSettings(c.get('db'), id);
  if (!settings) fail(404, tr(c.get('locale'), { ru: 'Направление не найдено.', en: 'Direction not found.' }));
  return settings;
}

opsRateRoutes.get('/', async (c) => {
  const db = c.get('db');
  const [feeds, events] = await Promise.all([listRateFeeds(db), listRateEvents(db, { limit: EVENTS_SHOWN })]);
  const body: OpsRates = {
    feeds: feeds.map((feed) => ({
      ...feed,
      heldAt: feed.heldAt?.toISOString() ?? null,
      updatedAt: feed.updatedAt.toISOString(),
    })),
    // The direction's id and the event's detail are for the CLI's log; the screen names the pair and the kind.
    events: events.map(({ id, fromCode, toCode, kind, course, at }) => ({
      id,
      fromCode,
      toCode,
      kind,
      course,
      at: at.toISOString(),
    })),
  };
  return c.json(body);
});

opsRateRoutes.put('/:id{[0-9]{1,9}}/formula/', async (c) => {
  const locale = c.get('locale');
  const update = await jsonBody(c, opsFormulaUpdate);
  const id = Number(c.req.param('id'));
  const before = await directionSettings(c, id);
  const config = loadRatesConfig();
  try {
    const settings = {
      course: update.course,
      ...(update.verified !== null ? { verified: update.verified } : {}),
      roundDecimals: update.roundDecimals === null ? null : Number(update.roundDecimals),
      maxStepPercent: update.maxStepPercent,
    };
    const proposal = await proposeChange(c.get('db'), c.get('operator'), 'formula.set', { directionId: id, settings }, (computed) => ({
      target: before.target,
      before: before.formula,
      after: { ...settings, computedCourse: computed.course },
    }));
    return proposal.proposed ? proposedAnswer(c, proposal.id) : c.json(proposal.result);
  } catch (error) {
    if (error instanceof FormulaError) formulaRefusal(error, locale, config, update.verified);
    throw error;
  }
});

opsRateRoutes.delete('/:id{[0-9]{1,9}}/formula/', async (c) => {
  const id = Number(c.req.param('id'));
  const before = await directionSettings(c, id);
  const proposal = await proposeChange(c.get('db'), c.get('operator'), 'formula.remove', { directionId: id }, () => ({
    target: before.target,
    before: before.formula,
    after: null,
  }));
  if (!proposal.proposed)
    fail(404, tr(c.get('locale'), { ru: 'У направления нет формулы.', en: 'The direction has no formula.' }));
  return proposedAnswer(c, proposal.id);
});

opsRateRoutes.post('/:id{[0-9]{1,9}}/held/', async (c) => {
  const { answer } = await jsonBody(c, opsHeldDecision);
  const id = Number(c.req.param('id'));
  await directionSettings(c, id);
  const outcome = await decideHeldCourse(c.get('db'), c.get('operator'), id, answer);
  if (!outcome.done) {
    fail(
      404,
      tr(c.get('locale'), { ru: 'У направления нет задержанного курса.', en: 'The direction has no held rate.' }),
    );
  }
  return c.json(outcome);
});
