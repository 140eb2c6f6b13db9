// Building valid (and deliberately broken) claim payloads from what the API itself says a pair needs.
/* eslint-disable @typescript-eslint/no-explicit-any -- replies and rows are checked by the assertions, not typed up front */
import { eq, sql } from 'drizzle-orm';
import type { PairResponse } from '../../../src/api/schemas/calculator.ts';
import type { RequisiteCheck } from '../../../src/domain/requisites.ts';
import type { Db } from '../../../server/db/index.ts';
import { claims } from '../../../server/db/schema/claims.ts';
import { claimEventLog } from '../../../server/claims/eventLog.ts';
import { call, type TestApp } from './app.ts';

/** A value each requisite check accepts. */
export const VALID_REQUISITE: Record<RequisiteCheck, string> = {
  card: '4276 3812 6044 1970',
  phone: '+7 900 123-45-67',
  btc: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
  eth: '0x52908400098527886E0F7030069857D2E4169EE7',
  trc20: 'TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH',
  ltc: 'ltc1q3pe6z9rvud00lf06erkz5nq4z4r6ltx4prd3wp',
  ton: 'UQCIc6EUbONe_6X6yOwqTBUVR6-s1ZnQ1wBHRtQHX-Gq0Upv',
  yoomoney: '410011223344556',
  name: 'Ivan Petrov',
  text: 'Sberbank',
};

export async function currencyId(db: Db, code: string): Promise<number> {
  const result = await db.execute<{ id: number }>(sql`select id from currencies where code = ${code}`);
  const id = result.rows[0]?.id;
  if (id === undefined) throw new Error(`no currency ${code}`);
  return id;
}

export async function pairOf(test: TestApp, from: string, to: string): Promise<PairResponse> {
  const [fromId, toId] = [await currencyId(test.database.db, from), await currencyId(test.database.db, to)];
  const reply = await call<PairResponse>(test, 'GET', `/api/v1/calculator/pair/${fromId}/${toId}/`);
  if (reply.status !== 200) throw new Error(`no pair ${from}→${to}: ${reply.status}`);
  return reply.body;
}

function requisitesFor(side: PairResponse['from']): Record<string, string> {
  return Object.fromEntries(
    side.structure.input.filter((field) => field.visible).map((field) => [field.name, VALID_REQUISITE[field.check]]),
  );
}

export interface ClaimPayload {
  email: string;
  fromPs: number;
  toPs: number;
  fromSumma: string;
  toSumma?: string;
  fromRequisites: Record<string, string>;
  toRequisites: Record<string, string>;
  withVerificationCourse: boolean;
  recaptcha?: string;
  promocode?: string | null;
  refferal?: string | null;
}

/** A payload the server accepts for the pair, at the give side's minimum unless told otherwise. */
export async function validClaim(
  test: TestApp,
  from: string,
  to: string,
  overrides: Partial<ClaimPayload> = {},
): Promise<ClaimPayload> {
  const pair = await pairOf(test, from, to);
  return {
    email: 'client@example.com',
    fromPs: pair.from.currency.id,
    toPs: pair.to.currency.id,
    fromSumma: pair.from.min ?? '10000',
    fromRequisites: requisitesFor(pair.from),
    toRequisites: requisitesFor(pair.to),
    withVerificationCourse: false,
    ...overrides,
  };
}

export async function claimRow(db: Db, uuid: string): Promise<Record<string, any>> {
  const result = await db.execute(sql`select * from claims where uuid = ${uuid}`);
  return result.rows[0] as Record<string, any>;
}

/** The claim's log as the consoles read it (its creation, then its moves): server/claims/eventLog.ts. */
export async function eventsOf(
  db: Db,
  uuid: string,
): Promise<{ from_status: string | null; to_status: string; actor: string }[]> {
  const [claim] = await db.select({ uuid: claims.uuid, createdAt: claims.createdAt }).from(claims).where(eq(claims.uuid, uuid));
  if (!claim) return [];
  return (await claimEventLog(db, claim)).map((entry) => ({
    from_status: entry.fromStatus,
    to_status: entry.toStatus,
    actor: entry.actor,
  }));
}
