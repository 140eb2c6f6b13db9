import * as z from 'zod/mini';
import { decimal, isoDateTime } from './common.ts';

const email = z.string().check(z.maxLength(254));
const password = z.string().check(z.maxLength(128));

/** POST /front-api/auth/login/?locale=ru. `recaptcha` only when captcha on login is on. */
export const loginRequest = z.strictObject({ email, password, recaptcha: z.optional(z.string()) });
export type LoginRequest = z.infer<typeof loginRequest>;

/** Answer of login and refresh; the refresh token travels only as an HttpOnly cookie. */
export const accessResponse = z.object({ access: z.string() });
export type AccessResponse = z.infer<typeof accessResponse>;

/** GET /api/v1/users/me/. */
export const user = z.object({
  id: z.number(),
  email: z.string(),
  activated: z.boolean(),
  referralCode: z.string(),
  verified: z.boolean(),
  dateJoined: isoDateTime,
});
export type User = z.infer<typeof user>;

export const signupRequest = z.strictObject({
  email,
  password,
  passwordConfirm: password,
  recaptcha: z.optional(z.string()),
  refferal: z.optional(z.nullable(z.string())),
  agree: z.optional(z.boolean()),
});
export type SignupRequest = z.infer<typeof signupRequest>;

export const restoreRequest = z.strictObject({ email });
export const resetRequest = z.strictObject({ password, passwordConfirm: password });
export const reactivateRequest = z.strictObject({});
/** The page after sign-up asks for the activation mail again by the address it was sent to (nobody is signed in). */
export const reactivateByEmailRequest = z.strictObject({ email });
export const passwordChangeRequest = z.strictObject({
  currentPassword: password,
  password,
  passwordConfirm: password,
});

/** GET /api/v1/users/me/refferal/. */
export const referralBalance = z.object({
  balance: decimal,
  unit: z.string(),
  percent: decimal,
  minWithdrawal: decimal,
  referralCode: z.string(),
  invited: z.number(),
});
export type ReferralBalance = z.infer<typeof referralBalance>;

/** One row of GET /api/v1/users/me/refferal/dw/: a deposit (earning) or a withdrawal. */
export const referralMovement = z.object({
  id: z.number(),
  kind: z.enum(['deposit', 'withdrawal']),
  amount: decimal,
  createdAt: isoDateTime,
  comment: z.string(),
});
export type ReferralMovement = z.infer<typeof referralMovement>;

export const countResponse = z.object({ count: z.number() });

export const withdrawalStatus = z.enum(['pending', 'paid', 'rejected']);
export const withdrawal = z.object({
  id: z.number(),
  amount: decimal,
  requisites: z.string(),
  status: withdrawalStatus,
  createdAt: isoDateTime,
});
export type Withdrawal = z.infer<typeof withdrawal>;

export const withdrawalRequest = z.strictObject({
  amount: z.string().check(z.maxLength(40)),
  requisites: z.string().check(z.maxLength(200)),
});
export type WithdrawalRequest = z.infer<typeof withdrawalRequest>;

/** GET /api/v1/users/me/promocodes/. */
export const promocode = z.object({
  code: z.string(),
  percent: decimal,
  state: z.enum(['active', 'used', 'expired']),
  usesLeft: z.number(),
  expiresAt: z.nullable(isoDateTime),
});
export type Promocode = z.infer<typeof promocode>;
