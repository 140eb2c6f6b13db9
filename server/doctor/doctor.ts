// `npm run ops -- doctor`: what stands between this installation and taking real money. Each finding names the
// exact command (or setting) that clears it; a blocker keeps the exit status non-zero, a warning does not.
import { sql } from 'drizzle-orm';
import type { Config } from '../config.ts';
import type { Db } from '../db/index.ts';
import { LOW_POOL_FREE } from '../payments/addressPool.ts';
import { PAYMENT_ROUTE_OF_KIND, payableSql } from '../payments/payability.ts';
import { sealedValueCounts } from '../keys/sealedValues.ts';

export interface Finding {
  level: 'blocker' | 'warning';
  problem: string;
  fix: string;
}

/** A manual course typed longer ago than this is worth a look before money moves at it. */
const OLD_COURSE_HOURS = 24;

function blocker(problem: string, fix: string): Finding {
  return { level: 'blocker', problem, fix };
}

function warning(problem: string, fix: string): Finding {
  return { level: 'warning', problem, fix };
}

function environmentFindings(config: Config): Finding[] {
  const findings: Finding[] = [];
  if (config.mode === 'demo') {
    findings.push(
      config.databaseUrl
        ? blocker('demo mode on a real database (DEMO=1): demo data and the demo mark', 'set DEMO=0 (or remove DEMO) and restart')
        : blocker(
            'this is the demo (embedded database): its data is made up',
            'set DATABASE_URL=postgres://user:password@host:5432/exchanger and DATA_KEY, then npm start',
          ),
    );
  }
  if (config.dataKeys === null)
    findings.push(blocker('DATA_KEY is not set: secrets would be stored in clear', 'export DATA_KEY=$(openssl rand -base64 32)  (keep it outside the database), then restart'));
  if (config.smtpUrl === null)
    findings.push(blocker('SMTP_URL is not set: clients get no mail (claim links, activation)', 'set SMTP_URL=smtp://user:password@smtp.example.com:587 and restart'));
  return findings;
}

async function operatorFindings(db: Db): Promise<Finding[]> {
  const result = await db.execute<{ active: number }>(sql`select count(*)::int as active from operators where not disabled`);
  return (result.rows[0]?.active ?? 0) > 0
    ? []
    : [blocker('no active operator: nobody can confirm a payment', "npm run ops -- operators create you@example.com --password '<a long password>'")];
}

type LiveDirection = {
  from_code: string;
  to_code: string;
  from_kind: keyof typeof PAYMENT_ROUTE_OF_KIND;
  to_kind: string;
  paused: boolean;
  payable: boolean;
  course_set: boolean;
  course_age_hours: number;
  on_formula: boolean;
  available: string;
  free_addresses: number;
  has_key: boolean;
};

function unpaidFix(direction: LiveDirection): string {
  const code = direction.from_code;
  switch (PAYMENT_ROUTE_OF_KIND[direction.from_kind]) {
    case 'deposit_address':
      return `npm run ops -- addresses xpub ${code} <extended public key>  (or: addresses import ${code} ${code.toLowerCase()}-addresses.txt)`;
    case 'receiving_account':
      return `npm run ops -- accounts add ${code} "<account number>" --holder "<name as the bank shows it>"`;
    case 'fixed':
      return `npm run ops -- directions off ${code} ${direction.to_code}  (cash needs the office's details)`;
  }
}

async function directionFindings(db: Db): Promise<Finding[]> {
  const result = await db.execute<LiveDirection>(sql`
    select cf.code as from_code, ct.code as to_code, cf.kind as from_kind, ct.kind as to_kind, d.paused,
      ${payableSql(sql`d.from_id`)} as payable,
      exists (select 1 from direction_formulas f where f.direction_id = d.id) as on_formula,
      exists (select 1 from direction_formulas f where f.direction_id = d.id) or exists (
        select 1 from audit_log l where l.target = cf.code || '-' || ct.code
          and (l.after ->> 'course') is distinct from (l.before ->> 'course')) as course_set,
      extract(epoch from now() - d.updated_at) / 3600 as course_age_hours,
      coalesce((select r.available from reserve_balances r where r.currency_id = d.to_id), 0)::text as available,
      (select count(*) from deposit_addresses a where a.currency_id = d.from_id and a.claim_uuid is null)::int
        as free_addresses,
      exists (select 1 from currency_deposit_keys k where k.currency_id = d.from_id) as has_key
    from directions d
    join currencies cf on cf.id = d.from_id and cf.active
    join currencies ct on ct.id = d.to_id and ct.active
    where d.active
    order by d.sort, d.id`);
  const live = result.rows;
  if (live.length === 0)
    return [blocker('no direction is switched on: nothing is offered', 'npm run ops -- rates set <FROM> <TO> <course>, then npm run ops -- directions on <FROM> <TO>')];
  const findings: Finding[] = [];
  const lowPools = new Set<string>();
  for (const direction of live) {
    const pair = `${direction.from_code} → ${direction.to_code}`;
    const args = `${direction.from_code} ${direction.to_code}`;
    if (!direction.payable)
      findings.push(blocker(`${pair} is on but ${direction.from_code} cannot be paid (no payment details): it is not offered`, unpaidFix(direction)));
    if (!direction.course_set)
      findings.push(blocker(`${pair}: its course is the starting catalogue's, never set by an operator`, `npm run ops -- rates set ${args} <course>`));
    else if (direction.paused)
      findings.push(blocker(`${pair}: rates stale (its formula's inputs are too old), paused`, 'npm run ops -- rates status  (then check RATES_* sources or set a manual course)'));
    else if (!direction.on_formula && direction.course_age_hours > OLD_COURSE_HOURS)
      findings.push(warning(`${pair}: manual course set ${Math.floor(direction.course_age_hours)} hours ago`, `npm run ops -- rates set ${args} <course>`));
    if (Number(direction.available) <= 0)
      findings.push(blocker(`${pair}: no ${direction.to_code} reserve to pay out`, `npm run ops -- reserves set ${direction.to_code} <amount>`));
    const pooled = PAYMENT_ROUTE_OF_KIND[direction.from_kind] === 'deposit_address' && !direction.has_key;
    if (pooled && direction.payable && direction.free_addresses < LOW_POOL_FREE && !lowPools.has(direction.from_code)) {
      lowPools.add(direction.from_code);
      findings.push(warning(`${direction.from_code}: only ${direction.free_addresses} free deposit addresses left`, `npm run ops -- addresses import ${direction.from_code} ${direction.from_code.toLowerCase()}-addresses.txt`));
    }
  }
  return findings;
}

async function siteFindings(db: Db): Promise<Finding[]> {
  const result = await db.execute<{ enabled: boolean }>(
    sql`select coalesce((value ->> 'enabled')::boolean, false) as enabled from site_settings where key = 'maintenance'`,
  );
  return result.rows[0]?.enabled ? [warning('maintenance is on: no claim is taken', 'npm run ops -- maintenance off')] : [];
}

async function keyFindings(db: Db, config: Config): Promise<Finding[]> {
  if (config.dataKeys === null) return [];
  const counts = await sealedValueCounts(db, config.dataKeys);
  if (counts.unknownKey > 0)
    return [blocker(`${counts.unknownKey} stored values are sealed under a key that is neither DATA_KEY nor DATA_KEY_PREVIOUS`, 'set DATA_KEY_PREVIOUS to the key they were sealed with, then npm run ops -- keys rotate')];
  if (counts.toReseal > 0)
    return [warning(`${counts.toReseal} stored secrets are in clear or under the previous key`, 'npm run ops -- keys rotate')];
  return config.dataKeys.previous
    ? [warning('DATA_KEY_PREVIOUS is still set though nothing needs it', 'remove DATA_KEY_PREVIOUS and restart')]
    : [];
}

/** Every finding, blockers first. */
export async function examine(db: Db, config: Config): Promise<Finding[]> {
  const findings = [
    ...environmentFindings(config),
    ...(await operatorFindings(db)),
    ...(await directionFindings(db)),
    ...(await siteFindings(db)),
    ...(await keyFindings(db, config)),
  ];
  return [...findings.filter((row) => row.level === 'blocker'), ...findings.filter((row) => row.level === 'warning')];
}
