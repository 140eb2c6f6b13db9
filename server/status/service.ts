// The public status of every direction the exchanger lists: offered or paused, why in a code the page puts into
// plain words, and when its course last changed (the newest course a formula wrote, else the direction's last edit).
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { PauseReason } from '../../src/api/schemas/status.ts';
import { compare, isPositive } from '../../src/domain/money.ts';
import type { Db } from '../db/index.ts';
import {
  currencies,
  directions,
  reserveBalances,
  siteSettings,
  type CurrencyRow,
  type MaintenanceSetting,
} from '../db/schema/calculator.ts';
import { exportWithheld } from '../db/schema/exportAudit.ts';
import { directionFormulas, rateHistory } from '../db/schema/rates.ts';
import { MAINTENANCE_KEY } from '../catalogue/catalog.ts';
import { quoteDirection } from '../catalogue/pricing.ts';

const giveCurrency = alias(currencies, 'give_currency');
const receiveCurrency = alias(currencies, 'receive_currency');

export interface DirectionStatusRow {
  from: CurrencyRow;
  to: CurrencyRow;
  reason: PauseReason | null;
  courseChangedAt: Date;
}

/** Every active direction between active currencies, in display order, paused ones included. */
export async function directionStatuses(db: Db): Promise<DirectionStatusRow[]> {
  const rows = await db
    .select({
      direction: directions,
      from: giveCurrency,
      to: receiveCurrency,
      available: reserveBalances.available,
      jumpHeld: sql<boolean>`${directionFormulas.heldCourse} is not null`,
      withheld: sql<boolean>`${exportWithheld.id} is not null`,
      maintenance: sql<MaintenanceSetting | null>`(select value from ${siteSettings} where key = ${MAINTENANCE_KEY})`,
      courseChangedAt: sql<string | Date>`coalesce((select max(${rateHistory.at}) from ${rateHistory}
        where ${rateHistory.directionId} = ${directions.id}), ${directions.updatedAt})`,
    })
    .from(directions)
    .innerJoin(giveCurrency, eq(giveCurrency.id, directions.fromId))
    .innerJoin(receiveCurrency, eq(receiveCurrency.id, directions.toId))
    .leftJoin(reserveBalances, eq(reserveBalances.currencyId, directions.toId))
    .leftJoin(directionFormulas, eq(directionFormulas.directionId, directions.id))
    .leftJoin(exportWithheld, and(eq(exportWithheld.directionId, directions.id), isNull(exportWithheld.resolvedAt)))
    .where(and(eq(directions.active, true), eq(giveCurrency.active, true), eq(receiveCurrency.active, true)))
    .orderBy(asc(directions.sort), asc(directions.id));
  return rows.map((row) => {
    const { limits } = quoteDirection(row.direction, row.from, row.to, false);
    const reason: PauseReason | null = row.maintenance?.enabled
      ? 'maintenance'
      : row.direction.paused
        ? row.jumpHeld
          ? 'jump_held'
          : 'stale_rates'
        : !isPositive(row.available ?? '0')
          ? 'no_reserve'
          : limits.give.min !== null && limits.give.max !== null && compare(limits.give.min, limits.give.max) > 0
            ? 'limits'
            : row.withheld
              ? 'checking'
              : null;
    return { from: row.from, to: row.to, reason, courseChangedAt: new Date(row.courseChangedAt) };
  });
}
