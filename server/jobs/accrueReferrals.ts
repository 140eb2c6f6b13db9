// Pays referral rewards for completed claims that have not been credited yet (a crash between completing a
// claim and crediting it is caught up here). Crediting itself is idempotent per claim.
import { sql } from 'drizzle-orm';
import { accrueReferral } from '../accounts/referralAccrual.ts';
import type { Db } from '../db/index.ts';

export async function accrueReferrals(db: Db): Promise<number> {
  const due = await db.execute<{ uuid: string }>(sql`
    select c.uuid from claims c
    where c.status = 'completed'
      and c.updated_at > now() - interval '30 days'
      and not exists (select 1 from referral_movements m where m.source_key = 'claim:' || c.uuid::text)
      and (c.referrer_id is not null or exists (
        select 1 from users u
        where u.referred_by is not null
          and (u.id = c.user_id or (c.user_id is null and u.email = lower(c.email) and u.activated))))
    order by c.updated_at
    limit 50`);
  let credited = 0;
  for (const row of due.rows) {
    if ((await accrueReferral(db, row.uuid)) !== null) credited += 1;
  }
  return credited;
}
