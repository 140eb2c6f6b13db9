// What the partner API reads: the directions (the rates export's audited items, with currency ids for claims),
// a partner's own claim, and the referral code its rewards go through.
import { and, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { PartnerClaim, PartnerDirection } from '../../src/api/schemas/partner.ts';
import type { Db } from '../db/index.ts';
import { currencies } from '../db/schema/calculator.ts';
import { claims } from '../db/schema/claims.ts';
import { partnerClaims } from '../db/schema/partners.ts';
import { users } from '../db/schema/users.ts';
import { currentRatesExport } from '../export/ratesExport.ts';
import { getCatalog, dec } from '../catalogue/catalog.ts';

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function partnerDirections(db: Db): Promise<PartnerDirection[]> {
  const [built, catalog] = await Promise.all([currentRatesExport(db), getCatalog(db)]);
  return built.items.map((item) => ({
    from: { id: catalog.currencyByCode.get(item.from)!.id, code: item.from },
    to: { id: catalog.currencyByCode.get(item.to)!.id, code: item.to },
    course: item.course,
    reserve: item.amount,
    fromMin: item.fromMin,
    fromMax: item.fromMax,
    toMin: item.toMin,
    toMax: item.toMax,
    params: item.params,
  }));
}

const giveCurrency = alias(currencies, 'give_currency');
const receiveCurrency = alias(currencies, 'receive_currency');

export async function partnerClaim(db: Db, partnerId: number, uuid: string): Promise<PartnerClaim | null> {
  if (!UUID_PATTERN.test(uuid)) return null;
  const [row] = await db
    .select({ claim: claims, from: giveCurrency.code, to: receiveCurrency.code })
    .from(partnerClaims)
    .innerJoin(claims, eq(claims.uuid, partnerClaims.claimUuid))
    .innerJoin(giveCurrency, eq(giveCurrency.id, claims.fromCurrencyId))
    .innerJoin(receiveCurrency, eq(receiveCurrency.id, claims.toCurrencyId))
    .where(and(eq(partnerClaims.claimUuid, uuid), eq(partnerClaims.partnerId, partnerId)));
  if (!row) return null;
  const { claim } = row;
  return {
    uuid: claim.uuid,
    status: claim.status,
    from: row.from,
    to: row.to,
    fromSumma: dec(claim.fromSumma),
    toSumma: dec(claim.toSumma),
    course: dec(claim.course),
    createdAt: claim.createdAt.toISOString(),
    deadline: claim.deadline.toISOString(),
  };
}

export async function referralCodeOf(db: Db, userId: number | null): Promise<string | null> {
  if (userId === null) return null;
  const [row] = await db.select({ code: users.referralCode }).from(users).where(eq(users.id, userId));
  return row?.code ?? null;
}
