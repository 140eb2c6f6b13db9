// Rows → wire shapes of src/api/schemas, in the caller's language: what routes present.
import type { Currency, FormField, PairSide } from '../../src/api/schemas/calculator.ts';
import type { NewsItem } from '../../src/api/schemas/news.ts';
import type { Promocode, ReferralMovement, User, Withdrawal } from '../../src/api/schemas/user.ts';
import type { Verification } from '../../src/api/schemas/verification.ts';
import type { CurrencyFieldRow, CurrencyRow, DirectionRow, Side } from '../db/schema/calculator.ts';
import type { PromocodeRow } from '../db/schema/promocodes.ts';
import type { referralMovements, withdrawals } from '../db/schema/referral.ts';
import type { UserRow } from '../db/schema/users.ts';
import type { verifications } from '../db/schema/verification.ts';
import { openSecret } from '../keys/atRest.ts';
import { decOrNull, sideFields, type Catalog } from '../catalogue/catalog.ts';
import type { NewsRow } from '../content/news.ts';
import type { Locale } from '../../src/domain/locale.ts';
import { pick } from '../i18n/pick.ts';
import type { Text } from '../i18n/text.ts';
import { translate } from '../i18n/translate.ts';
import { claimNumber } from '../../src/domain/claimNumber.ts';

export function currencyDto(row: CurrencyRow, locale: Locale): Currency {
  return {
    id: row.id,
    code: row.code,
    name: pick(locale, row.nameRu, row.nameEn),
    network: row.network,
    kind: row.kind,
    unit: row.unit,
    icon: row.icon,
  };
}

export function fieldDto(row: CurrencyFieldRow, locale: Locale): FormField {
  return {
    name: row.name,
    label: pick(locale, row.labelRu, row.labelEn),
    placeholder: pick(locale, row.placeholderRu, row.placeholderEn),
    check: row.check,
    visible: row.visible,
    required: row.required,
  };
}

/** One side of a pair: the give side (`from`) asks for its currency's give fields, the receive side for receive fields. */
export function pairSideDto(catalog: Catalog, direction: DirectionRow, which: 'from' | 'to', locale: Locale): PairSide {
  const currencyId = which === 'from' ? direction.fromId : direction.toId;
  const currency = catalog.currencyById.get(currencyId)!;
  const side: Side = which === 'from' ? 'give' : 'receive';
  const notify =
    which === 'from'
      ? pick(locale, direction.fromNotifyRu, direction.fromNotifyEn)
      : pick(locale, direction.toNotifyRu, direction.toNotifyEn);
  return {
    currency: currencyDto(currency, locale),
    min: decOrNull(which === 'from' ? direction.fromMin : direction.toMin),
    minVerification: decOrNull(which === 'from' ? direction.fromMinVerification : direction.toMinVerification),
    max: decOrNull(which === 'from' ? direction.fromMax : direction.toMax),
    roundCalculator: currency.decimals,
    notify,
    structure: {
      input: sideFields(catalog, currencyId, side).map((row) => fieldDto(row, locale)),
      currency: [currency.unit],
      network: currency.network ? [currency.network] : [],
    },
  };
}

export function userDto(row: UserRow): User {
  return {
    id: row.id,
    email: row.email,
    activated: row.activated,
    referralCode: row.referralCode,
    verified: row.verified,
    dateJoined: row.createdAt.toISOString(),
  };
}

export function withdrawalDto(row: typeof withdrawals.$inferSelect): Withdrawal {
  return { id: row.id, amount: row.amount, requisites: openSecret(row.requisites), status: row.status, createdAt: row.createdAt.toISOString() };
}

function movementComment(row: typeof referralMovements.$inferSelect): Text {
  switch (row.reason) {
    case 'claim_reward':
      return /*i18n*/ { id: 'http.movement.claimReward', message: 'Reward for exchange {ref}', values: { ref: claimNumber(row.reference) } };
    case 'withdrawal':
      return /*i18n*/ { id: 'http.movement.withdrawal', message: 'Withdrawal request #{ref}', values: { ref: row.reference } };
    case 'withdrawal_returned':
      return /*i18n*/ {
        id: 'http.movement.withdrawalReturned',
        message: 'Returned: withdrawal #{ref} was rejected',
        values: { ref: row.reference },
      };
  }
}

export function movementDto(row: typeof referralMovements.$inferSelect, locale: Locale): ReferralMovement {
  return { id: row.id, kind: row.kind, amount: row.amount, createdAt: row.createdAt.toISOString(), comment: translate(locale, movementComment(row)) };
}

export function promocodeDto(row: PromocodeRow, now: Date): Promocode {
  const expired = row.expiresAt !== null && row.expiresAt.getTime() <= now.getTime();
  const state = row.usesLeft <= 0 ? 'used' : expired ? 'expired' : 'active';
  return { code: row.code, percent: row.percent, state, usesLeft: row.usesLeft, expiresAt: row.expiresAt?.toISOString() ?? null };
}

export function verificationDto(row: typeof verifications.$inferSelect, images: number): Verification {
  return {
    id: row.id,
    uuid: row.uuid,
    card: row.cardMasked,
    status: row.status,
    reason: row.reason,
    images,
    createdAt: row.createdAt.toISOString(),
  };
}

export function newsDto(row: NewsRow): NewsItem {
  return {
    slug: row.slug,
    kind: row.kind,
    title: row.title,
    excerpt: row.excerpt,
    body: row.body,
    publishedAt: row.publishedAt.toISOString(),
  };
}
