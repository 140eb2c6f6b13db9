// `npm run ops -- rates formula|status|events|accept|reject|refresh`: the operator's live-rates commands
// (`rates set`, the manual course, is the catalogue's). Refusals of a formula show where it went wrong.
import { isMaxStepPercent, isRoundDecimals } from '../../src/domain/rateSettings.ts';
import type { Db } from '../db/index.ts';
import { directionIdOf } from '../catalogue/operatorChanges.ts';
import { actingOperator, type IdentityContext } from '../ops/identity.ts';
import { loadRatesConfig, type RatesConfig } from './config.ts';
import { FormulaError } from './formula.ts';
import {
  decideHeldCourse,
  directionRateSettings,
  listRateEvents,
  listRateFeeds,
  removeDirectionFormula,
  setDirectionFormula,
} from './operator.ts';
import { refreshRates } from './refresh.ts';

/** Largest one-step move a new formula applies without the operator, unless --max-step says otherwise. */
export const DEFAULT_MAX_STEP_PERCENT = '5';

export const RATES_HELP = `  rates formula <FROM> <TO> "<expression>" [--verified "<expression>"] [--round <decimals>|none]
                [--max-step <percent>|none]          follow the market, e.g. "binance:BTCUSDT * cbr:USD * 0.985"
                                                     (round: decimal places, default 12 significant digits;
                                                     max-step: larger moves wait for accept, default ${DEFAULT_MAX_STEP_PERCENT} %)
  rates formula <FROM> <TO> none                     back to a manual course
  rates status                                       directions on a formula: course, paused, held
  rates events [--limit <n>]                         pauses, resumes, held jumps, newest first
  rates accept|reject <FROM> <TO>                    answer a held jump
  rates refresh                                      run this period's refresh now (if no instance has)`;

interface RatesContext extends IdentityContext {
  db: Db;
  out: (line: string) => void;
  /** Throws the CLI's usage error (exit 2 with the help). */
  usage: (message: string) => never;
  /** The environment's rates settings; tests point the sources at a local server. */
  config?: RatesConfig;
}

async function directionByCodes(ctx: RatesContext, from: string | undefined, to: string | undefined): Promise<number> {
  if (!from || !to) ctx.usage('name the direction: <FROM> <TO>');
  return (await directionIdOf(ctx.db, from, to)) ?? ctx.usage(`no direction ${from} → ${to}`);
}

function roundOption(ctx: RatesContext, value: string | undefined): number | null {
  if (value === undefined || value === 'none') return null;
  if (!isRoundDecimals(value)) ctx.usage('--round takes 0 to 18 decimal places, or none');
  return Number(value);
}

function maxStepOption(ctx: RatesContext, value: string | undefined): string | null {
  if (value === undefined) return DEFAULT_MAX_STEP_PERCENT;
  if (value === 'none') return null;
  if (!isMaxStepPercent(value)) ctx.usage('--max-step takes a positive percent (e.g. 5 or 2.5), or none');
  return value;
}

async function formulaCommand(ctx: RatesContext, rest: string[], options: Map<string, string>): Promise<number> {
  const [from, to, expression, extra] = rest;
  const directionId = await directionByCodes(ctx, from, to);
  if (expression === undefined || extra !== undefined)
    ctx.usage('rates formula <FROM> <TO> "<expression>" (quote the expression as one argument)');
  if (expression === 'none') {
    const removed = await removeDirectionFormula(ctx.db, await actingOperator(ctx), directionId);
    ctx.out(removed ? `${from} → ${to}: manual course from now on` : `${from} → ${to} had no formula`);
    return removed ? 0 : 1;
  }
  const config = ctx.config ?? loadRatesConfig();
  const verified = options.get('verified');
  const settings = {
    course: expression,
    ...(verified !== undefined ? { verified } : {}),
    roundDecimals: roundOption(ctx, options.get('round')),
    maxStepPercent: maxStepOption(ctx, options.get('max-step')),
  };
  try {
    const computed = await setDirectionFormula(ctx.db, await actingOperator(ctx), config, directionId, settings);
    ctx.out(
      `${from} → ${to} follows ${expression}: course ${computed.course}` +
        (computed.verificationCourse !== undefined ? `, verified ${computed.verificationCourse}` : ''),
    );
    if (verified === undefined) {
      const manual = (await directionRateSettings(ctx.db, directionId))?.verificationCourse ?? null;
      // A verified course typed by hand does not follow the market: say so, it may now be worse than the course.
      if (manual !== null)
        ctx.out(`note: the verified course stays manual at ${manual}; set it with --verified "<expression>"`);
    }
    return 0;
  } catch (error) {
    if (!(error instanceof FormulaError)) throw error;
    ctx.out(`refused: ${error.explain()}`);
    return 1;
  }
}

export async function ratesCommand(ctx: RatesContext, rest: string[], options: Map<string, string>): Promise<number> {
  const [action, ...args] = rest;
  const { db, out } = ctx;
  if (action === 'formula') return formulaCommand(ctx, args, options);
  if (action === 'status') {
    const feeds = await listRateFeeds(db);
    for (const feed of feeds) {
      const state = feed.heldCourse !== null ? 'HELD' : feed.paused ? 'PAUSED' : 'live';
      out(
        `${`${feed.fromCode} → ${feed.toCode}`.padEnd(24)} ${state.padEnd(6)} course ${feed.course}` +
          (feed.verificationCourse !== null ? ` (verified ${feed.verificationCourse})` : '') +
          `  updated ${feed.updatedAt.toISOString()}  = ${feed.courseFormula}` +
          (feed.verifiedFormula !== null ? `  verified = ${feed.verifiedFormula}` : '') +
          `  max step ${feed.maxStepPercent === null ? 'none' : `${feed.maxStepPercent} %`}` +
          (feed.heldCourse !== null ? `  held ${feed.heldCourse} since ${feed.heldAt?.toISOString()}` : ''),
      );
    }
    out(`${feeds.length} direction(s) on a formula`);
    return 0;
  }
  if (action === 'events') {
    const limitText = options.get('limit');
    if (limitText !== undefined && !/^[1-9]\d{0,3}$/.test(limitText)) ctx.usage('--limit takes 1 to 9999');
    const events = await listRateEvents(db, { limit: limitText === undefined ? 50 : Number(limitText) });
    for (const event of events) out(`${event.at.toISOString()}  ${event.kind.padEnd(15)} ${event.detail}`);
    out(`${events.length} event(s)`);
    return 0;
  }
  if (action === 'accept' || action === 'reject') {
    const directionId = await directionByCodes(ctx, args[0], args[1]);
    const outcome = await decideHeldCourse(db, await actingOperator(ctx), directionId, action);
    out(
      outcome.done
        ? `${args[0]} → ${args[1]}: held course ${outcome.course} ${action === 'accept' ? 'accepted' : 'rejected'}`
        : `${args[0]} → ${args[1]} has no held course`,
    );
    return outcome.done ? 0 : 1;
  }
  if (action === 'refresh') {
    const outcome = await refreshRates(db, ctx.config ?? loadRatesConfig());
    if (!outcome.ran) out(`this period is already refreshed; next at ${outcome.nextRunAt.toISOString()}`);
    else
      out(
        `refreshed in ${outcome.durationMs} ms: ${outcome.updated} updated, ${outcome.paused} paused, ` +
          `${outcome.resumed} resumed, ${outcome.held} held; fetched ${outcome.quotes?.fetched.join(', ') || 'nothing'}` +
          (outcome.quotes?.failed.length ? `; failed ${outcome.quotes.failed.join(', ')}` : ''),
      );
    return 0;
  }
  return ctx.usage(`unknown rates action ${action ?? ''}`);
}
