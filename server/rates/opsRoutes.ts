// /ops-api/v1/rates/: the live rates from the console, through the same services as `npm run ops -- rates`:
// directions on a formula (course, paused, held jump) with the guard's recent events; a formula set (checked
// against the sources as they answer now) or removed, each proposed (202) and applied when a second admin approves
// it; a held jump accepted or rejected. Each change is audited in its own transaction by the service.
import { Hono, type Context } from 'hono';
import { opsFormulaUpdate, opsHeldDecision, type OpsRates } from '../../src/api/schemas/opsRates.ts';
import { fail, fieldErrors } from '../http/errors.ts';
import type { Text } from '../i18n/text.ts';
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

const FORMULA_REFUSALS: Record<FormulaErrorCode, Text> = {
  empty: /*i18n*/ { id: 'rates.formula.empty', message: 'The formula is empty.' },
  too_long: /*i18n*/ { id: 'rates.formula.tooLong', message: 'The formula is too long.' },
  unexpected_character: /*i18n*/ { id: 'rates.formula.unexpectedCharacter', message: 'Unexpected character.' },
  bad_number: /*i18n*/ { id: 'rates.formula.badNumber', message: 'Malformed number.' },
  bad_reference: /*i18n*/ { id: 'rates.formula.badReference', message: 'A price is written source:SYMBOL.' },
  expected_operand: /*i18n*/ { id: 'rates.formula.expectedOperand', message: 'A number or a price is expected here.' },
  expected_operator: /*i18n*/ {
    id: 'rates.formula.expectedOperator',
    message: 'An operator (+ - * /) is expected here, or a parenthesis closes nothing.',
  },
  unclosed_parenthesis: /*i18n*/ { id: 'rates.formula.unclosedParenthesis', message: 'This parenthesis is never closed.' },
  unknown_source: /*i18n*/ { id: 'rates.formula.unknownSource', message: 'Unknown source (known: {sources}).' },
  unknown_symbol: /*i18n*/ { id: 'rates.formula.unknownSymbol', message: 'The source publishes no such symbol.' },
  source_unavailable: /*i18n*/ {
    id: 'rates.formula.sourceUnavailable',
    message: 'The source cannot be reached now to check the formula.',
  },
  division_by_zero: /*i18n*/ { id: 'rates.formula.divisionByZero', message: 'Division by zero.' },
  not_positive: /*i18n*/ { id: 'rates.formula.notPositive', message: 'Today the formula gives no positive rate.' },
};

/** A refused formula as a field error on the formula it points into: what is wrong and at which character. */
function formulaRefusal(error: FormulaError, config: RatesConfig, verifiedText: string | null): never {
  const problem: Text = { ...FORMULA_REFUSALS[error.code], values: { sources: [...config.sources.keys()].join(', ') } };
  const field = verifiedText !== null && error.formula === verifiedText ? 'verified' : 'course';
  fieldErrors({
    [field]: [/*i18n*/ { id: 'rates.formula.at', message: 'Position {position}: {problem}', values: { position: error.position + 1, problem } }],
  });
}

/** The direction's name and formulas now, for the approver of a proposal; 404 when there is no such direction. */
async function directionSettings(c: Context<OpsEnv>, id: number) {
  const settings = await directionRateSettings(c.get('db'), id);
  if (!settings) fail(404, /*i18n*/ { id: 'rates.direction.notFound', message: 'Direction not found.' });
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
    if (error instanceof FormulaError) formulaRefusal(error, config, update.verified);
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
  if (!proposal.proposed) fail(404, /*i18n*/ { id: 'rates.formula.none', message: 'The direction has no formula.' });
  return proposedAnswer(c, proposal.id);
});

opsRateRoutes.post('/:id{[0-9]{1,9}}/held/', async (c) => {
  const { answer } = await jsonBody(c, opsHeldDecision);
  const id = Number(c.req.param('id'));
  await directionSettings(c, id);
  const outcome = await decideHeldCourse(c.get('db'), c.get('operator'), id, answer);
  if (!outcome.done) {
    fail(404, /*i18n*/ { id: 'rates.held.none', message: 'The direction has no held rate.' });
  }
  return c.json(outcome);
});
