// reserve_take (migrations 0033, 0037) when other claims hold the slots: a claim that finds every slot covering it
// held waits for one of them and takes from it alone; it pools every slot only when too few of them cover it.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { freshDatabase, type OwnDatabase } from './support/database.ts';

let database: OwnDatabase;
let currency: number;

beforeAll(async () => {
  database = await freshDatabase(4);
  const { rows } = await database.pool.query<{ id: number }>("select id from currencies where code = 'BTC'");
  currency = rows[0]!.id;
});
afterAll(async () => {
  await database.drop();
});

async function slots(): Promise<string[]> {
  const { rows } = await database.pool.query<{ free: string }>(
    'select free::text from reserve_slots where currency_id = $1 order by slot',
    [currency],
  );
  return rows.map((row) => row.free);
}

/** Until a reserve_take waits on a row lock (the holder's). */
async function queuedOnALock(): Promise<void> {
  for (;;) {
    const { rows } = await database.pool.query(
      "select 1 from pg_stat_activity where datname = current_database() and query like 'select reserve_take%' and wait_event_type = 'Lock'",
    );
    if (rows.length > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Runs `take` while another transaction holds every slot of the currency, then lets that transaction commit. */
async function takeWhileAllHeld(amount: string): Promise<boolean> {
  const holder = await database.pool.connect();
  try {
    await holder.query('begin');
    await holder.query('select 1 from reserve_slots where currency_id = $1 for update', [currency]);
    const taking = database.pool.query<{ taken: boolean }>('select reserve_take($1, $2::numeric) as taken', [currency, amount]);
    await queuedOnALock();
    await holder.query('commit');
    return (await taking).rows[0]!.taken;
  } finally {
    holder.release();
  }
}

describe('taking from the reserve slots while other claims hold them', () => {
  beforeEach(async () => {
    await database.pool.query('select reserve_spread($1, 16)', [currency]);
  });

  it('waits for one slot and takes from it alone when enough slots cover the amount', async () => {
    expect(await takeWhileAllHeld('0.5')).toBe(true);
    const after = await slots();
    expect(after.filter((free) => Number(free) === 0.5)).toHaveLength(1);
    expect(after.filter((free) => Number(free) === 1)).toHaveLength(15);
  });

  it('pools every slot when fewer than half of them cover the amount', async () => {
    expect(await takeWhileAllHeld('1.5')).toBe(true);
    // 16 − 1.5 spread again over the 16 slots.
    expect(new Set((await slots()).map(Number))).toEqual(new Set([0.90625]));
  });

  it('takes nothing when all slots together do not cover the amount', async () => {
    expect(await takeWhileAllHeld('16.5')).toBe(false);
    expect((await slots()).every((free) => Number(free) === 1)).toBe(true);
  });
});
