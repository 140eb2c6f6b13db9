// Whether a claim in a currency can be paid right now, the one rule behind everything that offers a direction: the
// calculator and the rates export (through the catalogue), claim creation and `npm run ops -- doctor`. A direction
// whose give currency cannot be paid is never offered, so no client is sent to pay into nothing.
import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { CURRENCY_KINDS } from '../db/schema/calculator.ts';

type CurrencyKind = (typeof CURRENCY_KINDS)[number];

/** How a client pays a currency, which decides what a new claim is given (payments/paymentRoute.ts). */
export type PaymentRoute = 'deposit_address' | 'receiving_account' | 'fixed';

/**
 * Coins are paid to an address of the claim's own, roubles by card, SBP or e-money into one of the exchanger's
 * accounts (the claim number as the comment), cash at the office (the currency's fixed details).
 */
export const PAYMENT_ROUTE_OF_KIND: Record<CurrencyKind, PaymentRoute> = {
  crypto: 'deposit_address',
  card: 'receiving_account',
  emoney: 'receiving_account',
  cash: 'fixed',
};

function kindsPaidBy(route: PaymentRoute): SQL {
  const kinds = Object.entries(PAYMENT_ROUTE_OF_KIND)
    .filter(([, paidBy]) => paidBy === route)
    .map(([kind]) => sql`${kind}`);
  return sql.join(kinds, sql`, `);
}

/** ADDRESS_REUSE_QUIET_DAYS' default: a pool address whose claim closed unpaid is given again after a week. */
export const DEFAULT_ADDRESS_REUSE_QUIET_SECONDS = 7 * 86_400;

/**
 * SQL (boolean): whether `query` finds a row. Not EXISTS: PostgreSQL may run a correlated EXISTS once over the whole
 * table and hash the result (a hashed subplan), which reads every address a coin was ever given; a scalar subquery
 * runs for each currency asked about. The address probes are ordered like the partial indexes that hold only free or
 * reusable addresses (currency, id): a scan that stops at the first row would otherwise look cheap to the planner, and
 * read every used address of a coin whose pool is empty.
 */
function found(query: SQL): SQL {
  return sql`coalesce((${query} limit 1), false)`;
}

/**
 * SQL (boolean): the currency `currencyId` can be paid now, by its route: an extended public key to derive its
 * addresses from or a free address in its pool, an active receiving account, or fixed details. A new source of
 * payment details is one more alternative in its route's branch here.
 */
export function payableSql(
  currencyId: AnyPgColumn | SQL | number,
  reuseQuietSeconds = DEFAULT_ADDRESS_REUSE_QUIET_SECONDS,
): SQL {
  return sql`(select case
      when pc.kind in (${kindsPaidBy('deposit_address')}) then
        ${found(sql`select true from currency_deposit_keys k where k.currency_id = pc.id`)}
        or ${found(sql`select true from deposit_addresses a where a.currency_id = pc.id and a.claim_uuid is null order by a.id`)}
        or ${found(sql`select true from deposit_addresses a join claims c on c.uuid = a.claim_uuid
          where a.currency_id = pc.id and a.claim_uuid is not null and a.received_at is null and a.key_id is null
            and c.status in ('canceled', 'expired')
            and c.updated_at < now() - make_interval(secs => ${reuseQuietSeconds})
          order by a.id`)}
      when pc.kind in (${kindsPaidBy('receiving_account')}) then
        ${found(sql`select true from receiving_accounts r where r.currency_id = pc.id and r.active`)}
      else ${found(sql`select true from payment_accounts p where p.currency_id = pc.id`)}
    end from currencies pc where pc.id = ${currencyId})`;
}
