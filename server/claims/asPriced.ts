// The check that lets a claim priced from the cached catalogue be created without reading what is committed first:
// its creating statement asks that every value the pricing used is still the committed one.
import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { maintenanceNowSql } from '../catalogue/catalog.ts';
import { currencies, directions, type CurrencyRow, type DirectionRow } from '../db/schema/calculator.ts';
import { directionFormulas, rateHistory, rateQuotes } from '../db/schema/rates.ts';
import { payableSql } from '../payments/payability.ts';

/** How a statement names one of a claim's values: a placeholder of a one-claim statement, a column of a batch's. */
export type ValueOf = (name: string) => SQL | Placeholder;

/**
 * A course on a formula is priced only while every input it was computed from is fresh by the database's clock (the
 * inputs of its latest history row against the quotes' fetch times), whatever the refresh job did.
 */
export function freshCourse(directionId: AnyPgColumn | SQL, maxAgeSeconds: number | Placeholder | SQL): SQL {
  return sql`(not exists (select 1 from ${directionFormulas} f where f.direction_id = ${directionId})
    or not exists (
      select 1 from jsonb_object_keys(coalesce((select h.inputs from ${rateHistory} h where h.direction_id = ${directionId}
        order by h.at desc, h.id desc limit 1), '{}'::jsonb)) as input(key)
      where not exists (select 1 from ${rateQuotes} q where q.source || ':' || q.symbol = input.key
        and q.fetched_at >= now() - make_interval(secs => ${maxAgeSeconds}::int))))`;
}

/**
 * True while the direction and both currencies hold exactly the values the claim was priced from (course, limits,
 * window, card check, decimals, payment route), the direction is tradable (on, not paused, fresh, payable) and
 * maintenance is off: then pricing from them equals pricing from what is committed. Its values: asPricedValues.
 * `checksPayable` false leaves payability to the statement's own pick of payment details (the account CTE asks
 * exactly what payability asks of a currency paid into an account); each subquery costs its plan nodes at every run.
 */
export const stillAsPriced = (checksPayable: boolean, value: ValueOf) => sql`exists (select 1 from ${directions} d
      join ${currencies} give on give.id = d.from_id join ${currencies} receive on receive.id = d.to_id
    where d.id = ${value('directionId')} and d.from_id = ${value('fromId')} and d.to_id = ${value('toId')} and d.active and not d.paused
      and d.course = ${value('directionCourse')}::numeric
      and d.verification_course is not distinct from ${value('verificationCourse')}::numeric
      and d.from_min is not distinct from ${value('fromMin')}::numeric
      and d.from_min_verification is not distinct from ${value('fromMinVerification')}::numeric
      and d.from_max is not distinct from ${value('fromMax')}::numeric
      and d.to_min is not distinct from ${value('toMin')}::numeric
      and d.to_min_verification is not distinct from ${value('toMinVerification')}::numeric
      and d.to_max is not distinct from ${value('toMax')}::numeric
      and d.payment_window_seconds is not distinct from ${value('paymentWindow')}::int
      and d.card_verification = ${value('cardVerification')}
      and give.active and give.decimals = ${value('fromDecimals')} and give.kind = ${value('fromKind')}
      and receive.active and receive.decimals = ${value('toDecimals')}
      and ${freshCourse(sql`d.id`, value('ratesMaxAgeSeconds'))} ${checksPayable ? sql`and ${payableSql(sql`d.from_id`)}` : sql``}
      and not coalesce((${maintenanceNowSql}->>'enabled')::boolean, false))`;

/** The values stillAsPriced compares, with their SQL types (a batch's rows are typed by them). */
export const AS_PRICED_TYPES = {
  directionId: 'int',
  fromId: 'int',
  toId: 'int',
  directionCourse: 'numeric',
  verificationCourse: 'numeric',
  fromMin: 'numeric',
  fromMinVerification: 'numeric',
  fromMax: 'numeric',
  toMin: 'numeric',
  toMinVerification: 'numeric',
  toMax: 'numeric',
  paymentWindow: 'int',
  cardVerification: 'boolean',
  fromDecimals: 'int',
  fromKind: 'text',
  toDecimals: 'int',
  ratesMaxAgeSeconds: 'int',
} as const;

export function asPricedValues(
  { direction, from, to }: { direction: DirectionRow; from: CurrencyRow; to: CurrencyRow },
  maxAgeSeconds: number,
): Record<string, unknown> {
  return {
    directionId: direction.id,
    fromId: from.id,
    toId: to.id,
    directionCourse: direction.course,
    verificationCourse: direction.verificationCourse,
    fromMin: direction.fromMin,
    fromMinVerification: direction.fromMinVerification,
    fromMax: direction.fromMax,
    toMin: direction.toMin,
    toMinVerification: direction.toMinVerification,
    toMax: direction.toMax,
    paymentWindow: direction.paymentWindowSeconds,
    cardVerification: direction.cardVerification,
    fromDecimals: from.decimals,
    fromKind: from.kind,
    toDecimals: to.decimals,
    ratesMaxAgeSeconds: maxAgeSeconds,
  };
}
