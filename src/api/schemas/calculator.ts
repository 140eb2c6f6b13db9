import * as z from 'zod/mini';
import { REQUISITE_CHECKS } from '../../domain/requisiteKinds.ts';
import { decimal, isoDateTime } from './common.ts';

export const currencyKind = z.enum(['crypto', 'card', 'emoney', 'cash']);

export const currency = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  network: z.nullable(z.string()),
  kind: currencyKind,
  /** Symbol of the money unit shown beside amounts: BTC, RUB, USDT. */
  unit: z.string(),
  /** Icon slug: the browser shows src/assets/icons/{icon}.svg (built under a hashed name). */
  icon: z.string(),
});
export type Currency = z.infer<typeof currency>;

/** GET /api/v1/calculator/: every give currency (`id`) with the receive currencies it trades into (`ids`). */
export const direction = z.object({ id: z.number(), ids: z.array(z.number()) });
export const directionsResponse = z.object({ currencies: z.array(currency), directions: z.array(direction) });
export type DirectionsResponse = z.infer<typeof directionsResponse>;

/** GET /api/v1/calculator/from/ and /from/{id}/. */
export const currencyList = z.array(currency);

/** One requisite input of a side's form; only the visible ones are shown and checked. */
export const formField = z.object({
  name: z.string(),
  label: z.string(),
  placeholder: z.string(),
  check: z.enum(REQUISITE_CHECKS),
  visible: z.boolean(),
  required: z.boolean(),
});
export type FormField = z.infer<typeof formField>;

export const pairSide = z.object({
  currency,
  min: z.nullable(decimal),
  minVerification: z.nullable(decimal),
  max: z.nullable(decimal),
  /** Decimals an amount of this side is rounded to. */
  roundCalculator: z.number(),
  notify: z.nullable(z.string()),
  structure: z.object({
    input: z.array(formField),
    currency: z.array(z.string()),
    network: z.array(z.string()),
  }),
});
export type PairSide = z.infer<typeof pairSide>;

/** GET /api/v1/calculator/pair/{from}/{to}/. receive = give × course. */
export const pairResponse = z.object({
  course: decimal,
  verificationCourse: z.nullable(decimal),
  /** Percent added to the course for this direction (already included in `course`). */
  bonus: decimal,
  reserve: decimal,
  from: pairSide,
  to: pairSide,
  /** When the course was last set (by the operator or a market formula). */
  updatedAt: isoDateTime,
});
export type PairResponse = z.infer<typeof pairResponse>;

/** GET /api/v1/calculator/course/{from}/{to}/. */
export const courseResponse = z.object({
  course: decimal,
  verificationCourse: z.nullable(decimal),
  updatedAt: isoDateTime,
});
export type CourseResponse = z.infer<typeof courseResponse>;

/** GET /api/v1/calculator/reserves/. */
export const reserve = z.object({ id: z.number(), currency, amount: decimal });
export const reservesResponse = z.array(reserve);
export type Reserve = z.infer<typeof reserve>;

/** GET /api/v1/calculator/tech/. */
export const techResponse = z.object({ maintenance: z.boolean(), message: z.nullable(z.string()) });
export type TechResponse = z.infer<typeof techResponse>;

export const contest = z.object({
  active: z.boolean(),
  title: z.string(),
  startsAt: isoDateTime,
  endsAt: isoDateTime,
  prizes: z.array(z.string()),
});
export type Contest = z.infer<typeof contest>;

/** GET /api/v1/calculator/settings/?cur_from=BTC&cur_to=SBERRUB. */
export const settingsResponse = z.object({
  contest: z.nullable(contest),
  contestStatus: z.boolean(),
  captchaLogin: z.boolean(),
  captchaClaim: z.boolean(),
  captchaSiteKey: z.nullable(z.string()),
  usePublicId: z.boolean(),
  exchangeAttributes: z.object({
    fromCurrencyId: z.nullable(z.number()),
    toCurrencyId: z.nullable(z.number()),
  }),
  chat: z.nullable(z.object({ widgetId: z.string() })),
  analyticsCounter: z.nullable(z.string()),
  supportEmail: z.string(),
  /** A demo installation (made-up data, no real exchange): every page carries a small mark saying so. */
  demo: z.boolean(),
});
export type SettingsResponse = z.infer<typeof settingsResponse>;
