// Account rows → wire shapes of src/api/schemas/user.ts and verification.ts, in the caller's language.
import type { Promocode, ReferralMovement, User, Withdrawal } from '../../src/api/schemas/user.ts';
import type { Verification } from '../../src/api/schemas/verification.ts';
import type { PromocodeRow } from '../db/schema/promocodes.ts';
import type { referralMovements, withdrawals } from '../db/schema/referral.ts';
import type { UserRow } from '../db/schema/users.ts';
import type { verifications } from '../db/schema/verification.ts';
import type { Locale } from '../http/env.ts';
import { format, tr } from '../http/i18n.ts';

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
  return { id: row.id, amount: row.amount, requisites: row.requisites, status: row.status, createdAt: row.createdAt.toISOString() };
}

function movementComment(row: typeof referralMovements.$inferSelect, locale: Locale): string {
  switch (row.reason) {
    case 'claim_reward':
      return format(tr(locale, { ru: 'Вознаграждение за обмен {ref}', en: 'Reward for exchange {ref}' }), { ref: row.reference.slice(0, 8) });
    case 'withdrawal':
      return format(tr(locale, { ru: 'Заявка на вывод №{ref}', en: 'Withdrawal request #{ref}' }), { ref: row.reference });
    case 'withdrawal_returned':
      return format(tr(locale, { ru: 'Возврат по отклонённой заявке №{ref}', en: 'Returned: withdrawal #{ref} was rejected' }), {
        ref: row.reference,
      });
  }
}

export function movementDto(row: typeof referralMovements.$inferSelect, locale: Locale): ReferralMovement {
  return { id: row.id, kind: row.kind, amount: row.amount, createdAt: row.createdAt.toISOString(), comment: movementComment(row, locale) };
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
