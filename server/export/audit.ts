// The export's self-audit: every item built from the display catalogue is checked against the direction as
// committed now, priced by the claims' own function: its course (out/in to 1e-8), its limits, and whether a claim
// at its minimum would be paid from the reserve free now. An item that disagrees is withheld, never published;
// its row in export_withheld stays open (the console lists it, operator alerts pick it up) until it agrees again.
import Big from 'big.js';
import { and, eq, isNull, notInArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { compare, isPositive, type Decimal } from '../../src/domain/money.ts';
import type { Db } from '../db/index.ts';
import { currencies, directions, reserveBalances, siteSettings, type MaintenanceSetting } from '../db/schema/calculator.ts';
import { exportWithheld, type ExportWithheldReason } from '../db/schema/exportAudit.ts';
import { directionFormulas } from '../db/schema/rates.ts';
import { log } from '../log.ts';
import { MAINTENANCE_KEY } from '../catalogue/catalog.ts';
import { payoutOf } from '../catalogue/pricing.ts';
import { itemOf, type RateItem } from './items.ts';

/** How far out/in may be from the course, relative to it. */
export const COURSE_TOLERANCE = '1e-8';

const giveCurrency = alias(currencies, 'give_currency');
const receiveCurrency = alias(currencies, 'receive_currency');

interface CommittedDirection {
  /** The item a claim made now would be priced at; null when no claim could be made on it. */
  item: RateItem | null;
  /** The give side's minimum payout check: a claim at the minimum pays out something the reserve covers. */
  minimumPayable: boolean;
}

export interface CommittedState {
  directions: Map<number, CommittedDirection>;
  /** Directions whose course follows a formula (`floating`). */
  onFormula: Set<number>;
}

/** Every direction as committed now, in one statement, the way a claim reads its own (claims.ts readPricing). */
export async function readCommitted(db: Db): Promise<CommittedState> {
  const rows = await db
    .select({
      direction: directions,
      from: giveCurrency,
      to: receiveCurrency,
      available: reserveBalances.available,
      onFormula: sql<boolean>`${directionFormulas.directionId} is not null`,
      maintenance: sql<MaintenanceSetting | null>`(select value from ${siteSettings} where key = ${MAINTENANCE_KEY})`,
    })
    .from(directions)
    .innerJoin(giveCurrency, eq(giveCurrency.id, directions.fromId))
    .innerJoin(receiveCurrency, eq(receiveCurrency.id, directions.toId))
    .leftJoin(reserveBalances, eq(reserveBalances.currencyId, directions.toId))
    .leftJoin(directionFormulas, eq(directionFormulas.directionId, directions.id));
  const state: CommittedState = { directions: new Map(), onFormula: new Set() };
  for (const row of rows) {
    if (row.onFormula) state.onFormula.add(row.direction.id);
    const traded =
      !row.maintenance?.enabled && row.direction.active && !row.direction.paused && row.from.active && row.to.active;
    const available = row.available ?? '0';
    const item = traded ? itemOf(row.direction, row.from, row.to, available, row.onFormula) : null;
    // No minimum: the smallest amount the give side can hold.
    const minimum = item?.fromMin ?? new Big(1).div(new Big(10).pow(row.from.decimals)).toFixed();
    const payout = item ? payoutOf(minimum, item.course, row.to) : '0';
    state.directions.set(row.direction.id, {
      item,
      minimumPayable: isPositive(payout) && compare(payout, available) <= 0,
    });
  }
  return state;
}

function courseAgrees(item: RateItem, course: Decimal): boolean {
  const written = new Big(item.out).div(item.in);
  return written.minus(course).abs().lte(new Big(course).times(COURSE_TOLERANCE));
}

const LIMIT_FIELDS = ['fromMin', 'fromMax', 'toMin', 'toMax'] as const;

function sameLimit(a: Decimal | null, b: Decimal | null): boolean {
  return a === null || b === null ? a === b : compare(a, b) === 0;
}

export interface Disagreement {
  item: RateItem;
  reason: ExportWithheldReason;
  detail: string;
}

export interface AuditOutcome {
  /** Items that agree, with the reserve as committed now. */
  published: RateItem[];
  withheld: Disagreement[];
}

/**
 * Checks each item against the committed direction. A direction no longer offered (paused, switched off,
 * maintenance) since the catalogue was read is left out silently, as the next catalogue leaves it out.
 */
export function auditItems(items: RateItem[], committed: CommittedState): AuditOutcome {
  const outcome: AuditOutcome = { published: [], withheld: [] };
  for (const item of items) {
    const now = committed.directions.get(item.directionId);
    if (!now?.item) continue;
    const pair = `${item.from} → ${item.to}`;
    if (!courseAgrees(item, now.item.course)) {
      outcome.withheld.push({
        item,
        reason: 'course',
        detail: `${pair}: the export says ${item.in} → ${item.out}, a claim is priced at ${now.item.course}`,
      });
    } else if (!LIMIT_FIELDS.every((field) => sameLimit(item[field], now.item![field]))) {
      const limits = (of: RateItem) => LIMIT_FIELDS.map((field) => `${field} ${of[field] ?? '—'}`).join(', ');
      outcome.withheld.push({
        item,
        reason: 'limits',
        detail: `${pair}: the export says ${limits(item)}, a claim gets ${limits(now.item)}`,
      });
    } else if (!now.minimumPayable) {
      outcome.withheld.push({
        item,
        reason: 'reserve',
        detail: `${pair}: a claim at the minimum ${item.fromMin ?? ''} would not be paid from the ${now.item.amount} free`,
      });
    } else {
      outcome.published.push({ ...item, amount: now.item.amount });
    }
  }
  return outcome;
}

/**
 * Opens (or refreshes) a row per withheld direction and closes the others; a newly withheld direction is logged
 * once.
 */
export async function recordAudit(db: Db, outcome: AuditOutcome): Promise<void> {
  for (const { item, reason, detail } of outcome.withheld) {
    const [row] = await db
      .insert(exportWithheld)
      .values({ directionId: item.directionId, reason, detail })
      .onConflictDoUpdate({
        target: exportWithheld.directionId,
        targetWhere: isNull(exportWithheld.resolvedAt),
        set: { reason, detail, lastSeenAt: sql`now()` },
      })
      .returning({ inserted: sql<boolean>`xmax = 0` });
    if (row?.inserted) log.warn(`export: item withheld, it disagrees with a claim priced now (${reason}): ${detail}`);
  }
  // Whatever is not withheld now (published, or no longer offered) is resolved.
  const withheldIds = outcome.withheld.map(({ item }) => item.directionId);
  await db
    .update(exportWithheld)
    .set({ resolvedAt: sql`now()` })
    .where(
      and(
        isNull(exportWithheld.resolvedAt),
        withheldIds.length > 0 ? notInArray(exportWithheld.directionId, withheldIds) : undefined,
      ),
    );
}
