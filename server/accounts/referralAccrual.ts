// The referral reward of a completed claim, credited by the statement that completes it (moveLockedClaims): the
// status change itself pays the partner, in the same transaction, so there is nothing to catch up afterwards and
// no job reads old claims. Once per claim: the claim's row lock lets only one move complete it, and the unique
// source key of the movement stands behind that.
import { sql, type SQL } from 'drizzle-orm';
import { REFERRAL_DECIMALS, REFERRAL_PERCENT, REFERRAL_UNIT } from './referralTerms.ts';

/**
 * CTEs (to follow others in a WITH list) that credit the partner of every claim in the CTE `moved` (a `uuid`
 * column): whoever invited its owner (the account that created it signed in; a guest's claim has none), else the
 * partner named on the claim; a claim's referral field never overrides the owner's partner, and never credits
 * the owner or its own other accounts (one it invited, one with the claim's e-mail). The reward is REFERRAL_PERCENT of the claim's value in
 * roubles (its RUB side, else the give amount at the first direction into roubles), rounded down to kopecks.
 * `credited` returns (user_id, amount, reference = the claim's uuid) of each credit.
 */
export function referralCredits(): SQL {
  return sql`
    reward_claims as (
      select c.uuid, c.from_summa, c.to_summa, c.from_currency_id, give.unit as give_unit, receive.unit as receive_unit,
        coalesce(owner.referred_by, c.referrer_id) as referrer_id, owner.id as owner_id, lower(c.email) as claim_email
      from moved
      join claims c on c.uuid = moved.uuid
      join currencies give on give.id = c.from_currency_id
      join currencies receive on receive.id = c.to_currency_id
      left join users owner on owner.id = c.user_id
    ),
    rewards as (
      select uuid, referrer_id, trunc(
        case
          when give_unit = ${REFERRAL_UNIT} then from_summa
          when receive_unit = ${REFERRAL_UNIT} then to_summa
          else from_summa * (
            select d.course from directions d join currencies rub on rub.id = d.to_id
            where d.from_id = reward_claims.from_currency_id and rub.unit = ${REFERRAL_UNIT}
            order by d.sort, d.id limit 1)
        end * ${REFERRAL_PERCENT}::numeric / 100, ${REFERRAL_DECIMALS}::int) as amount
      from reward_claims
      where referrer_id is not null and referrer_id is distinct from owner_id
        -- Never the owner's own other accounts: one it invited, or one with the e-mail the claim was made with.
        and not exists (select 1 from users partner where partner.id = reward_claims.referrer_id
          and (partner.referred_by = reward_claims.owner_id or partner.email = reward_claims.claim_email))
    ),
    credited as (
      insert into referral_movements (user_id, kind, reason, amount, reference, source_key)
      select referrer_id, 'deposit', 'claim_reward', amount, uuid::text, 'claim:' || uuid::text from rewards where amount > 0
      on conflict (source_key) do nothing
      returning user_id, amount, reference
    ),
    credited_balances as (
      insert into referral_balances (user_id, balance)
      select user_id, sum(amount) from credited group by user_id
      on conflict (user_id) do update set balance = referral_balances.balance + excluded.balance, updated_at = now()
    )`;
}
