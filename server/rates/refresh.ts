// One refresh of the live rates: take this period's slot (one instance per period), fetch the sources the
// formulas use, then in ONE transaction decide every direction on a formula (new course, pause, resume, held
// jump), write the changed courses with their inputs into rate_history, log the guard events, and notify
// every instance's catalogue cache.
import { databaseNow } from '../db/clock.ts';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/index.ts';
import { log } from '../log.ts';
import { invalidateCatalog } from '../catalogue/catalog.ts';
import { notifyCatalogChanged } from '../catalogue/events.ts';
import type { RatesConfig } from './config.ts';
import { decide, type Computed, type FormulaDirection } from './decide.ts';
import { parseFormula, priceKey, priceReferences } from './formula.ts';
import { loadQuotes, refreshQuotes, type QuotesOutcome } from './quotes.ts';

type Executor = Pick<Db, 'execute'>;

export interface RefreshOutcome {
  /** False: another instance already took this period. */
  ran: boolean;
  /** When the next period starts. */
  nextRunAt: Date;
  /** The moment the run took as now (the database's clock unless given): the next period is due nextRunAt − now later. */
  now: Date;
  quotes?: QuotesOutcome;
  updated: number;
  paused: number;
  resumed: number;
  held: number;
  durationMs: number;
}

/**
 * Takes the period starting at `now` unless another instance has it: moving next_run_at forward in one UPDATE
 * means concurrent instances serialise on the row and only the first finds it due.
 */
async function takeSlot(db: Db, now: Date, periodSeconds: number): Promise<{ taken: boolean; nextRunAt: Date }> {
  const at = now.toISOString();
  await db.execute(
    sql`insert into rate_refresh_slot (id, next_run_at) values (1, ${at}::timestamptz) on conflict (id) do nothing`,
  );
  const result = await db.execute<{ taken: Date | string | null; next: Date | string }>(sql`
    with taken as (
      update rate_refresh_slot set next_run_at = ${at}::timestamptz + make_interval(secs => ${periodSeconds}),
        last_run_at = ${at}::timestamptz
      where id = 1 and next_run_at <= ${at}::timestamptz
      returning next_run_at
    )
    select (select next_run_at from taken) as taken, (select next_run_at from rate_refresh_slot where id = 1) as next`);
  const row = result.rows[0]!;
  return { taken: row.taken !== null, nextRunAt: new Date(row.taken ?? row.next) };
}

interface Row extends FormulaDirection {
  label: string;
}

/**
 * Every direction on a formula, locked for this transaction (an operator's accept waits for the refresh), with
 * its slower reference: the course last written at or before `driftWindowSeconds` ago, or at the operator's last
 * formula or accepted jump when that is later (the operator's answer is the new reference), else the first.
 */
async function lockFormulaDirections(tx: Executor, now: Date, driftWindowSeconds: number): Promise<Row[]> {
  const result = await tx.execute<{
    direction_id: number;
    label: string;
    course: string;
    verification_course: string | null;
    paused: boolean;
    course_formula: string;
    verified_formula: string | null;
    round_decimals: number | null;
    max_step_percent: string | null;
    held_course: string | null;
    held_verified_course: string | null;
    reference_course: string | null;
  }>(sql`
    with reference_at as (
      select direction_id, greatest(${now.toISOString()}::timestamptz - make_interval(secs => ${driftWindowSeconds}),
        (select max(e.at) from rate_events e where e.direction_id = f.direction_id and e.kind in ('formula_set', 'accepted'))) as at
      from direction_formulas f
    )
    select f.direction_id,
      coalesce(
        (select h.course::text from rate_history h join reference_at r on r.direction_id = h.direction_id
         where h.direction_id = f.direction_id and h.at <= r.at order by h.at desc, h.id desc limit 1),
        (select h.course::text from rate_history h where h.direction_id = f.direction_id order by h.at, h.id limit 1)
      ) as reference_course, d.course::text as course, d.verification_course::text as verification_course, d.paused,
      f.course_formula, f.verified_formula, f.round_decimals, f.max_step_percent::text as max_step_percent,
      f.held_course::text as held_course, f.held_verified_course::text as held_verified_course,
      (select code from currencies where id = d.from_id) || ' → ' || (select code from currencies where id = d.to_id) as label
    from direction_formulas f join directions d on d.id = f.direction_id
    order by f.direction_id
    for update of f, d`);
  return result.rows.map((row) => ({
    directionId: row.direction_id,
    label: row.label,
    course: row.course,
    verificationCourse: row.verification_course,
    paused: row.paused,
    courseFormula: row.course_formula,
    verifiedFormula: row.verified_formula,
    roundDecimals: row.round_decimals,
    maxStepPercent: row.max_step_percent,
    heldCourse: row.held_course,
    heldVerifiedCourse: row.held_verified_course,
    referenceCourse: row.reference_course,
  }));
}

/**
 * Source → symbols every formula reads (a formula that no longer parses reads nothing and pauses); null when no
 * direction is on a formula (the demo and manual-only sites: nothing to fetch or decide).
 */
async function wantedSymbols(db: Db): Promise<Map<string, Set<string>> | null> {
  const result = await db.execute<{ course_formula: string; verified_formula: string | null }>(
    sql`select course_formula, verified_formula from direction_formulas`,
  );
  if (result.rows.length === 0) return null;
  const wanted = new Map<string, Set<string>>();
  for (const row of result.rows) {
    for (const text of [row.course_formula, row.verified_formula]) {
      if (text === null) continue;
      try {
        for (const reference of priceReferences(parseFormula(text))) {
          wanted.set(reference.source, (wanted.get(reference.source) ?? new Set()).add(reference.symbol));
        }
      } catch {
        // Refused when set; decide() pauses such a direction with the reason.
      }
    }
  }
  return wanted;
}

/** New courses on their directions and in their history, in the caller's transaction: one statement for all. */
export async function writeCourses(
  tx: Executor,
  courses: { directionId: number; computed: Computed }[],
  now: Date,
): Promise<void> {
  if (courses.length === 0) return;
  const given = courses.map(({ directionId, computed }) => ({
    direction_id: directionId,
    course: computed.course,
    set_verified: computed.verificationCourse !== undefined,
    verification_course: computed.verificationCourse ?? null,
    inputs: computed.inputs,
  }));
  const at = now.toISOString();
  await tx.execute(sql`
    with given as (
      select * from jsonb_to_recordset(${JSON.stringify(given)}::jsonb)
        as g(direction_id int, course numeric, set_verified boolean, verification_course numeric, inputs jsonb)
    ), written as (
      update directions d set course = g.course,
        verification_course = case when g.set_verified then g.verification_course else d.verification_course end,
        updated_at = ${at}::timestamptz
      from given g where d.id = g.direction_id
      returning d.id, d.course, d.verification_course
    )
    insert into rate_history (direction_id, course, verification_course, inputs, at)
    select written.id, written.course, written.verification_course, given.inputs, ${at}::timestamptz
    from written join given on given.direction_id = written.id`);
}

export function writeCourse(tx: Executor, directionId: number, computed: Computed, now: Date): Promise<void> {
  return writeCourses(tx, [{ directionId, computed }], now);
}

export async function logRateEvent(
  tx: Executor,
  directionId: number,
  kind: string,
  detail: string,
  course: string | null,
  now: Date,
): Promise<void> {
  await tx.execute(sql`
    insert into rate_events (direction_id, kind, detail, course, at)
    values (${directionId}, ${kind}, ${detail}, ${course}::numeric, ${now.toISOString()}::timestamptz)`);
  log.info(`rates: direction ${directionId} ${kind}: ${detail}`);
}

async function setPaused(tx: Executor, directionId: number, paused: boolean): Promise<void> {
  await tx.execute(sql`update directions set paused = ${paused} where id = ${directionId}`);
}

async function setHold(tx: Executor, directionId: number, computed: Computed | null, now: Date): Promise<void> {
  await tx.execute(sql`
    update direction_formulas set held_course = ${computed?.course ?? null}::numeric,
      held_verified_course = ${computed?.verificationCourse ?? null}::numeric,
      held_inputs = ${computed ? JSON.stringify(computed.inputs) : null}::jsonb,
      held_at = case when ${computed !== null} then coalesce(held_at, ${now.toISOString()}::timestamptz) end
    where direction_id = ${directionId}`);
}

type Counts = Pick<RefreshOutcome, 'updated' | 'paused' | 'resumed' | 'held'> & { catalogChanged: boolean };

/** Decides and applies every direction in one transaction; answers what changed. */
export async function applyFormulas(db: Db, config: RatesConfig, now: Date): Promise<Counts> {
  return db.transaction(async (tx) => {
    const counts: Counts = { updated: 0, paused: 0, resumed: 0, held: 0, catalogChanged: false };
    const rows = await lockFormulaDirections(tx, now, config.driftWindowSeconds);
    const keys = new Set<string>();
    for (const row of rows) {
      for (const text of [row.courseFormula, row.verifiedFormula]) {
        try {
          if (text !== null) for (const reference of priceReferences(parseFormula(text))) keys.add(priceKey(reference));
        } catch {
          // decide() explains it.
        }
      }
    }
    const quotes = await loadQuotes(tx, [...keys]);
    let catalogChanged = false;
    const writes: { directionId: number; computed: Computed }[] = [];
    for (const row of rows) {
      const decision = decide(row, quotes, now, config);
      if (decision.kind === 'none') continue;
      if (decision.kind === 'pause') {
        await setPaused(tx, row.directionId, true);
        await logRateEvent(tx, row.directionId, 'paused', `${row.label}: ${decision.reason}`, row.course, now);
        counts.paused += 1;
        catalogChanged = true;
      } else if (decision.kind === 'hold') {
        await setHold(tx, row.directionId, decision.computed, now);
        // A held jump is a wrong price either way: nothing trades at the old course while the operator decides.
        if (!row.paused) {
          await setPaused(tx, row.directionId, true);
          catalogChanged = true;
        }
        if (decision.startsHold) {
          await logRateEvent(
            tx,
            row.directionId,
            'held',
            `${row.label}: ${row.course} → ${decision.computed.course} ${decision.why}; paused, waiting for the operator`,
            decision.computed.course,
            now,
          );
          counts.held += 1;
        }
      } else {
        if (decision.changed) {
          writes.push({ directionId: row.directionId, computed: decision.computed });
          counts.updated += 1;
        }
        if (decision.dropHold) await setHold(tx, row.directionId, null, now);
        if (decision.resume) {
          await setPaused(tx, row.directionId, false);
          await logRateEvent(
            tx,
            row.directionId,
            'resumed',
            `${row.label}: fresh inputs, course ${decision.computed.course}`,
            decision.computed.course,
            now,
          );
          counts.resumed += 1;
        }
        catalogChanged ||= decision.changed || decision.resume;
      }
    }
    await writeCourses(tx, writes, now);
    if (catalogChanged) await notifyCatalogChanged(tx);
    counts.catalogChanged = catalogChanged;
    return counts;
  });
}

/**
 * One refresh if this period is still free: fetch, decide, write, notify. `now` is the database's clock unless a
 * test gives one: an instance whose own clock is off neither stamps quotes with it nor judges their age by it.
 */
export async function refreshRates(db: Db, config: RatesConfig, given?: Date): Promise<RefreshOutcome> {
  const started = performance.now();
  const now = given ?? (await databaseNow(db));
  const slot = await takeSlot(db, now, config.refreshSeconds);
  if (!slot.taken)
    return { ran: false, nextRunAt: slot.nextRunAt, now, updated: 0, paused: 0, resumed: 0, held: 0, durationMs: 0 };
  const wanted = await wantedSymbols(db);
  if (wanted === null)
    return { ran: true, nextRunAt: slot.nextRunAt, now, updated: 0, paused: 0, resumed: 0, held: 0, durationMs: 0 };
  const quotes = await refreshQuotes(db, config, wanted, now);
  const { catalogChanged, ...counts } = await applyFormulas(db, config, now);
  // Other instances hear the NOTIFY; this one drops its copy now, even without a listener (CLI, tests).
  if (catalogChanged) invalidateCatalog(db);
  const durationMs = Math.round(performance.now() - started);
  await db.execute(sql`update rate_refresh_slot set last_duration_ms = ${durationMs} where id = 1`);
  if (counts.updated + counts.paused + counts.resumed + counts.held > 0)
    log.info(
      `rates: ${counts.updated} course(s) updated, ${counts.paused} paused, ${counts.resumed} resumed, ${counts.held} held (${durationMs} ms)`,
    );
  return { ran: true, nextRunAt: slot.nextRunAt, now, quotes, ...counts, durationMs };
}
