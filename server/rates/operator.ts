// What an operator does with live rates (the CLI calls these; the back office can call the same): put a
// direction on a formula or back to a manual course, accept or reject a held jump, and read the feeds' state,
// the guard events and a direction's course history. Every change writes its audit row in its own transaction.
import { databaseNow } from '../db/clock.ts';
import { sql } from 'drizzle-orm';
import type { OpsRateEvent, OpsRateFeed } from '../../src/api/schemas/opsRates.ts';
import type { Db } from '../db/index.ts';
import { writeAudit, type Actor } from '../backoffice/audit.ts';
import { invalidateCatalog } from '../catalogue/catalog.ts';
import { notifyCatalogChanged } from '../catalogue/events.ts';
import type { RatesConfig } from './config.ts';
import type { Computed } from './decide.ts';
import {
  evaluateFormula,
  formatFormula,
  FormulaError,
  parseFormula,
  priceKey,
  priceReferences,
  roundCourse,
  type FormulaNode,
} from './formula.ts';
import { fetchSourcePrices, storeQuotes } from './quotes.ts';
import { logRateEvent, writeCourse } from './refresh.ts';

/** A formula checked against the sources as they answer now: its canonical text and its value today. */
export interface CheckedFormula {
  text: string;
  tree: FormulaNode;
}

/** Runs `check`, telling a refusal which formula it points into. */
function about<T>(formula: string, check: () => T): T {
  try {
    return check();
  } catch (error) {
    throw error instanceof FormulaError ? error.about(formula) : error;
  }
}

/** Parses and checks the names in a formula (sources known, symbols shaped as the source writes them). */
export function checkFormula(text: string, config: RatesConfig): CheckedFormula {
  const tree = parseFormula(text);
  for (const reference of priceReferences(tree)) {
    const entry = config.sources.get(reference.source);
    if (!entry)
      throw new FormulaError(
        'unknown_source',
        reference.position,
        `unknown source "${reference.source}" (known: ${[...config.sources.keys()].join(', ')})`,
      );
    if (!entry.source.symbolPattern.test(reference.symbol))
      throw new FormulaError(
        'unknown_symbol',
        reference.position,
        `"${reference.symbol}" is not a ${reference.source} symbol`,
      );
  }
  return { text: formatFormula(tree), tree };
}

export interface FormulaSettings {
  course: string;
  /** Undefined: no verified formula (the verified course stays as it is). */
  verified?: string;
  /** Decimal places of the course (0–18); null: 12 significant digits. */
  roundDecimals: number | null;
  /** Largest move in percent applied without the operator; null: no limit. */
  maxStepPercent: string | null;
}

/** What the audit log keeps of a direction's rate settings before and after a change. */
interface RateAuditState {
  target: string;
  state: {
    course: string;
    verificationCourse: string | null;
    courseFormula: string | null;
    verifiedFormula: string | null;
    roundDecimals: number | null;
    maxStepPercent: string | null;
    heldCourse: string | null;
  };
}

/** The database or a transaction on it. */
type Executor = Parameters<typeof writeAudit>[0];

async function rateAuditState(db: Executor, directionId: number): Promise<RateAuditState> {
  const result = await db.execute<{
    from_code: string;
    to_code: string;
    course: string;
    verification_course: string | null;
    course_formula: string | null;
    verified_formula: string | null;
    round_decimals: number | null;
    max_step_percent: string | null;
    held_course: string | null;
  }>(sql`
    select cf.code as from_code, ct.code as to_code, d.course::text as course,
      d.verification_course::text as verification_course, f.course_formula, f.verified_formula, f.round_decimals,
      f.max_step_percent::text as max_step_percent, f.held_course::text as held_course
    from directions d
    join currencies cf on cf.id = d.from_id
    join currencies ct on ct.id = d.to_id
    left join direction_formulas f on f.direction_id = d.id
    where d.id = ${directionId}`);
  const row = result.rows[0];
  if (!row) throw new Error(`no direction ${directionId}`);
  return {
    target: `${row.from_code}-${row.to_code}`,
    state: {
      course: row.course,
      verificationCourse: row.verification_course,
      courseFormula: row.course_formula,
      verifiedFormula: row.verified_formula,
      roundDecimals: row.round_decimals,
      maxStepPercent: row.max_step_percent,
      heldCourse: row.held_course,
    },
  };
}

/** Writes the audit row of a rates change from the state read before it and the state now (same transaction). */
async function auditRateChange(
  tx: Executor,
  actor: Actor,
  action: string,
  directionId: number,
  before: RateAuditState,
): Promise<void> {
  const after = await rateAuditState(tx, directionId);
  await writeAudit(tx, actor, { action, target: before.target, before: before.state, after: after.state });
}

/**
 * Checks the formulas, fetches the sources they read now (a symbol the source does not publish, an unreachable
 * source or a division by zero is refused with its position), then sets them and the course they give today in
 * one transaction. Answers the courses written.
 */
export async function setDirectionFormula(
  db: Db,
  actor: Actor,
  config: RatesConfig,
  directionId: number,
  settings: FormulaSettings,
  given?: Date,
): Promise<Computed> {
  // The database's clock unless a test gives one: the course's age is judged by it (server/db/clock.ts).
  const now = given ?? (await databaseNow(db));
  const course = about(settings.course, () => checkFormula(settings.course, config));
  const verified =
    settings.verified === undefined
      ? undefined
      : about(settings.verified, () => checkFormula(settings.verified!, config));
  const formulas = [
    { text: settings.course, checked: course },
    ...(verified ? [{ text: settings.verified!, checked: verified }] : []),
  ];
  const inputs: Record<string, string> = {};
  const fetched = new Set<string>();
  for (const { text, checked } of formulas) {
    const references = priceReferences(checked.tree);
    for (const source of new Set(references.map((reference) => reference.source))) {
      if (fetched.has(source)) continue;
      fetched.add(source);
      // Every symbol of this source in either formula, so each source is fetched once.
      const symbols = new Set(
        formulas
          .flatMap((formula) => priceReferences(formula.checked.tree))
          .filter((reference) => reference.source === source)
          .map((reference) => reference.symbol),
      );
      let prices: Map<string, string>;
      try {
        prices = await fetchSourcePrices(config, source);
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        const first = references.find((reference) => reference.source === source)!;
        throw new FormulaError(
          'source_unavailable',
          first.position,
          `${source} cannot be reached to check the formula (${reason})`,
          text,
        );
      }
      await storeQuotes(db, source, symbols, prices, now);
      for (const symbol of symbols) {
        const price = prices.get(symbol);
        if (price !== undefined) inputs[priceKey({ source, symbol })] = price;
      }
    }
  }
  const value = ({ text, checked }: (typeof formulas)[number]): string =>
    about(text, () => {
      const result = roundCourse(
        evaluateFormula(checked.tree, (source, symbol) => inputs[priceKey({ source, symbol })]),
        settings.roundDecimals,
      );
      if (!/[1-9]/.test(result) || result.startsWith('-'))
        throw new FormulaError('not_positive', 0, `the formula gives ${result} today, not a positive course`);
      return result;
    });
  const computed: Computed = {
    course: value(formulas[0]!),
    verificationCourse: formulas[1] ? value(formulas[1]) : undefined,
    inputs,
  };
  await db.transaction(async (tx) => {
    const before = await rateAuditState(tx, directionId);
    await tx.execute(sql`
      insert into direction_formulas (direction_id, course_formula, verified_formula, round_decimals, max_step_percent, updated_at)
      values (${directionId}, ${course.text}, ${verified?.text ?? null}, ${settings.roundDecimals}, ${settings.maxStepPercent}::numeric, ${now.toISOString()}::timestamptz)
      on conflict (direction_id) do update set course_formula = excluded.course_formula,
        verified_formula = excluded.verified_formula, round_decimals = excluded.round_decimals,
        max_step_percent = excluded.max_step_percent, updated_at = excluded.updated_at,
        held_course = null, held_verified_course = null, held_inputs = null, held_at = null`);
    await writeCourse(tx, directionId, computed, now);
    await tx.execute(sql`update directions set paused = false where id = ${directionId}`);
    const detail = `course = ${course.text}${verified ? `; verified = ${verified.text}` : ''}`;
    await logRateEvent(tx, directionId, 'formula_set', detail, computed.course, now);
    await auditRateChange(tx, actor, 'rates.formula_set', directionId, before);
    await notifyCatalogChanged(tx);
  });
  invalidateCatalog(db);
  return computed;
}

/** Back to a manual course: the formula goes, the course stays as last written, a pause ends. False: none was set. */
export async function removeDirectionFormula(
  db: Db,
  actor: Actor,
  directionId: number,
  given?: Date,
): Promise<boolean> {
  // The database's clock unless a test gives one: the course's age is judged by it (server/db/clock.ts).
  const now = given ?? (await databaseNow(db));
  const removed = await db.transaction(async (tx) => {
    const before = await rateAuditState(tx, directionId);
    const removed = await tx.execute(
      sql`delete from direction_formulas where direction_id = ${directionId} returning direction_id`,
    );
    if (removed.rows.length === 0) return false;
    await tx.execute(sql`update directions set paused = false where id = ${directionId}`);
    await logRateEvent(tx, directionId, 'formula_removed', 'manual course from now on', null, now);
    await auditRateChange(tx, actor, 'rates.formula_removed', directionId, before);
    await notifyCatalogChanged(tx);
    return true;
  });
  invalidateCatalog(db);
  return removed;
}

export type HeldOutcome = { done: true; course: string } | { done: false };

/**
 * The operator's answer to a held jump (which paused the direction). Accept: the held course is written (with its
 * inputs), becomes the drift guard's reference, and the pause ends; reject: the hold is dropped, the previous
 * course stays and the pause ends (the next refresh holds and pauses again if the market stays).
 */
export async function decideHeldCourse(
  db: Db,
  actor: Actor,
  directionId: number,
  answer: 'accept' | 'reject',
  given?: Date,
): Promise<HeldOutcome> {
  // The database's clock unless a test gives one: the course's age is judged by it (server/db/clock.ts).
  const now = given ?? (await databaseNow(db));
  const outcome = await db.transaction(async (tx): Promise<HeldOutcome> => {
    const result = await tx.execute<{
      held_course: string;
      held_verified_course: string | null;
      held_inputs: Record<string, string> | null;
      verified_formula: string | null;
    }>(sql`
      select held_course::text as held_course, held_verified_course::text as held_verified_course, held_inputs, verified_formula
      from direction_formulas where direction_id = ${directionId} and held_course is not null
      for update`);
    const held = result.rows[0];
    if (!held) return { done: false };
    const before = await rateAuditState(tx, directionId);
    await tx.execute(sql`
      update direction_formulas set held_course = null, held_verified_course = null, held_inputs = null, held_at = null
      where direction_id = ${directionId}`);
    if (answer === 'reject') {
      // The operator vouches for the course as it is: the pause the hold put on ends (a stale input pauses again).
      await tx.execute(sql`update directions set paused = false where id = ${directionId}`);
      await logRateEvent(
        tx,
        directionId,
        'rejected',
        `held course ${held.held_course} rejected; the course stays`,
        null,
        now,
      );
      await auditRateChange(tx, actor, 'rates.held_rejected', directionId, before);
      await notifyCatalogChanged(tx);
      return { done: true, course: held.held_course };
    }
    await writeCourse(
      tx,
      directionId,
      {
        course: held.held_course,
        verificationCourse: held.verified_formula === null ? undefined : (held.held_verified_course ?? undefined),
        inputs: held.held_inputs ?? {},
      },
      now,
    );
    await tx.execute(sql`update directions set paused = false where id = ${directionId}`);
    await logRateEvent(tx, directionId, 'accepted', `held course ${held.held_course} accepted`, held.held_course, now);
    await auditRateChange(tx, actor, 'rates.held_accepted', directionId, before);
    await notifyCatalogChanged(tx);
    return { done: true, course: held.held_course };
  });
  invalidateCatalog(db);
  return outcome;
}

/** The formulas a direction follows, as a proposal to change them shows them to the approver. */
export interface DirectionFormulas {
  course: string;
  verified: string | null;
  roundDecimals: number | null;
  /** A JSON number: PostgreSQL's numeric as json_build_object writes it. */
  maxStepPercent: number | null;
}

/**
 * A direction's rate settings: its name as proposals show it ("BTC SBERRUB"), the formulas it follows (null: a manual
 * course) and its verified course. Null when there is no such direction.
 */
export async function directionRateSettings(
  db: Db,
  directionId: number,
): Promise<{ target: string; formula: DirectionFormulas | null; verificationCourse: string | null } | null> {
  const result = await db.execute<{ target: string; formula: DirectionFormulas | null; verification_course: string | null }>(sql`
    select f.code || ' ' || t.code as target, d.verification_course::text as verification_course,
           case when df.direction_id is null then null else json_build_object(
             'course', df.course_formula, 'verified', df.verified_formula,
             'roundDecimals', df.round_decimals, 'maxStepPercent', df.max_step_percent) end as formula
    from directions d join currencies f on f.id = d.from_id join currencies t on t.id = d.to_id
    left join direction_formulas df on df.direction_id = d.id
    where d.id = ${directionId}`);
  const row = result.rows[0];
  return row ? { target: row.target, formula: row.formula, verificationCourse: row.verification_course } : null;
}

/** A direction on a formula with its live state: the console's wire feed, its times still Dates. */
export type RateFeed = Omit<OpsRateFeed, 'heldAt' | 'updatedAt'> & { heldAt: Date | null; updatedAt: Date };

/** Every direction on a formula with its live state (the CLI's `rates status`, the back office's list). */
export async function listRateFeeds(db: Db): Promise<RateFeed[]> {
  const result = await db.execute<{
    direction_id: number;
    from_code: string;
    to_code: string;
    course: string;
    verification_course: string | null;
    paused: boolean;
    course_formula: string;
    verified_formula: string | null;
    round_decimals: number | null;
    max_step_percent: string | null;
    held_course: string | null;
    held_verified_course: string | null;
    held_at: Date | string | null;
    updated_at: Date | string;
  }>(sql`
    select f.direction_id, cf.code as from_code, ct.code as to_code, d.course::text as course,
      d.verification_course::text as verification_course, d.paused, f.course_formula, f.verified_formula,
      f.round_decimals, f.max_step_percent::text as max_step_percent, f.held_course::text as held_course,
      f.held_verified_course::text as held_verified_course, f.held_at, d.updated_at
    from direction_formulas f
    join directions d on d.id = f.direction_id
    join currencies cf on cf.id = d.from_id
    join currencies ct on ct.id = d.to_id
    order by d.sort, d.id`);
  return result.rows.map((row) => ({
    directionId: row.direction_id,
    fromCode: row.from_code,
    toCode: row.to_code,
    course: row.course,
    verificationCourse: row.verification_course,
    paused: row.paused,
    courseFormula: row.course_formula,
    verifiedFormula: row.verified_formula,
    roundDecimals: row.round_decimals,
    maxStepPercent: row.max_step_percent,
    heldCourse: row.held_course,
    heldVerifiedCourse: row.held_verified_course,
    heldAt: row.held_at === null ? null : new Date(row.held_at),
    updatedAt: new Date(row.updated_at),
  }));
}

/** A guard or formula event: the console's wire event, its time still a Date, with what the CLI prints too. */
export type RateEvent = Omit<OpsRateEvent, 'at'> & { directionId: number; detail: string; at: Date };

/** The newest guard and formula events first, optionally of one direction. */
export async function listRateEvents(
  db: Db,
  { limit = 50, directionId }: { limit?: number; directionId?: number } = {},
): Promise<RateEvent[]> {
  const result = await db.execute<{
    id: number;
    direction_id: number;
    from_code: string;
    to_code: string;
    kind: string;
    detail: string;
    course: string | null;
    at: Date | string;
  }>(sql`
    select e.id, e.direction_id, cf.code as from_code, ct.code as to_code, e.kind, e.detail, e.course::text as course, e.at
    from rate_events e
    join directions d on d.id = e.direction_id
    join currencies cf on cf.id = d.from_id
    join currencies ct on ct.id = d.to_id
    where ${directionId === undefined} or e.direction_id = ${directionId ?? 0}
    order by e.at desc, e.id desc
    limit ${limit}`);
  return result.rows.map((row) => ({
    id: row.id,
    directionId: row.direction_id,
    fromCode: row.from_code,
    toCode: row.to_code,
    kind: row.kind,
    detail: row.detail,
    course: row.course,
    at: new Date(row.at),
  }));
}

/** Removes history and events older than `before` (for the retention job); answers how many rows went. */
export async function purgeRateHistory(db: Db, before: Date): Promise<number> {
  const at = before.toISOString();
  const history = await db.execute(sql`delete from rate_history where at < ${at}::timestamptz`);
  const events = await db.execute(sql`delete from rate_events where at < ${at}::timestamptz`);
  return (history.rowCount ?? 0) + (events.rowCount ?? 0);
}
