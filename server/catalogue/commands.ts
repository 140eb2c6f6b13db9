// `npm run ops -- rates set|limits|window|directions|reserves|promocodes|contest|maintenance`: the operator's changes
// to the catalogue from the shell, through the same services as the console (each audits its change).
import type { Db } from '../db/index.ts';
import type { MaintenanceSetting } from '../db/schema/calculator.ts';
import { amount, integer, onOff, signedAmount, UsageError } from '../ops/args.ts';
import type { OpsContext } from '../ops/commands.ts';
import { actingOperator } from '../ops/identity.ts';
import {
  CardVerificationUnfitError,
  currencyIdOf,
  directionIdOf,
  FormulaCourseError,
  reserveLines,
  setContestActive,
  setMaintenance,
  setReserve,
  updateDirection,
  type DirectionChanges,
} from './operatorChanges.ts';
import { createPromocode, listPromocodes, PROMOCODE_MAX_PERCENT, PROMOCODE_PATTERN } from './promocodes.ts';

export const DIRECTIONS_HELP = `  rates set <FROM> <TO> <course> [--verified <course>|none]
  limits set <FROM> <TO> [--from-min <x>] [--from-max <x>] [--to-min <x>] [--to-max <x>]
                         [--from-min-verification <x>] [--to-min-verification <x>]   ("none" clears a limit)
  window set <FROM> <TO> <seconds>|none              the direction's payment window (none: PAYMENT_WINDOW_SECONDS)
  directions cardverify <FROM> <TO> on|off           pay out only to a verified sender card (card-giving directions)
  directions on|off <FROM> <TO>                      offer the direction or take it out of the calculator`;

export const RESERVES_HELP = `  reserves list                                      reserve, held by open claims, available
  reserves set <CODE> <amount> [--was <amount>]     refused below what open claims hold, and when the reserve is
                                                     no longer --was (the amount reserves list showed)
  reserves add <CODE> <delta>                        moves the reserve by a signed delta, whatever it is now`;

export const PROMOCODES_HELP = `  promocodes create <CODE> <percent> [--uses <n>] [--user <email>] [--days <n>]
  promocodes list
  contest on|off
  maintenance on|off [--message <text>] [--message-en <text>]`;

async function currencyId(db: Db, code: string | undefined): Promise<number> {
  if (!code) throw new UsageError('a currency code is missing');
  const id = await currencyIdOf(db, code);
  if (id === null) throw new UsageError(`unknown currency ${code}`);
  return id;
}

async function directionId(db: Db, from: string | undefined, to: string | undefined): Promise<number> {
  await currencyId(db, from);
  await currencyId(db, to);
  const id = await directionIdOf(db, from!, to!);
  if (id === null) throw new UsageError(`no direction ${from} → ${to}`);
  return id;
}

/** A direction change from the CLI, audited like the console's. */
async function changeDirection(ctx: OpsContext, id: number, changes: DirectionChanges): Promise<void> {
  await updateDirection(ctx.db, await actingOperator(ctx), id, changes);
}

const LIMIT_OPTIONS = {
  'from-min': 'fromMin',
  'from-max': 'fromMax',
  'to-min': 'toMin',
  'to-max': 'toMax',
  'from-min-verification': 'fromMinVerification',
  'to-min-verification': 'toMinVerification',
} as const;

export async function catalogCommand(
  ctx: OpsContext,
  group: string,
  [action, ...rest]: string[],
  options: Map<string, string>,
): Promise<number> {
  const { db, out } = ctx;
  if (group === 'rates' && action === 'set') {
    const id = await directionId(db, rest[0], rest[1]);
    const course = amount(rest[2], 'course');
    if (!/[1-9]/.test(course)) throw new UsageError('course must be positive');
    const verifiedOption = options.get('verified');
    const verificationCourse =
      verifiedOption === undefined
        ? undefined
        : verifiedOption === 'none'
          ? null
          : amount(verifiedOption, '--verified');
    try {
      await changeDirection(ctx, id, { course, ...(verificationCourse !== undefined ? { verificationCourse } : {}) });
    } catch (error) {
      if (!(error instanceof FormulaCourseError)) throw error;
      out(`refused: ${rest[0]} → ${rest[1]} follows a formula; \`rates formula ${rest[0]} ${rest[1]} none\` first for a manual course`);
      return 1;
    }
    out(`course ${rest[0]} → ${rest[1]} = ${course}`);
    return 0;
  }
  if (group === 'limits' && action === 'set') {
    const id = await directionId(db, rest[0], rest[1]);
    const changes: Partial<Record<(typeof LIMIT_OPTIONS)[keyof typeof LIMIT_OPTIONS], string | null>> = {};
    for (const [option, column] of Object.entries(LIMIT_OPTIONS)) {
      const value = options.get(option);
      if (value !== undefined) changes[column] = value === 'none' ? null : amount(value, `--${option}`);
    }
    if (Object.keys(changes).length === 0) throw new UsageError('limits set needs at least one limit option');
    await changeDirection(ctx, id, changes);
    out(`limits ${rest[0]} → ${rest[1]}: ${JSON.stringify(changes)}`);
    return 0;
  }
  if (group === 'window' && action === 'set') {
    const id = await directionId(db, rest[0], rest[1]);
    const raw = rest[2];
    const seconds = raw === 'none' ? null : Number(raw);
    // At least a minute: a shorter window could close before the client has read where to pay.
    if (seconds !== null && !(Number.isInteger(seconds) && seconds >= 60 && seconds <= 7 * 24 * 3600)) {
      throw new UsageError('window set <FROM> <TO> <seconds>|none: whole seconds from 60 to 604800');
    }
    await changeDirection(ctx, id, { paymentWindowSeconds: seconds });
    out(`payment window ${rest[0]} → ${rest[1]}: ${seconds === null ? 'the site default' : `${seconds} s`}`);
    return 0;
  }
  if (group === 'directions' && (action === 'on' || action === 'off')) {
    const id = await directionId(db, rest[0], rest[1]);
    await changeDirection(ctx, id, { active: action === 'on' });
    out(`direction ${rest[0]} → ${rest[1]}: ${action === 'on' ? 'offered (when it can be paid)' : 'not offered'}`);
    return 0;
  }
  if (group === 'directions' && action === 'cardverify') {
    const id = await directionId(db, rest[0], rest[1]);
    const required = onOff(rest[2]);
    try {
      await changeDirection(ctx, id, { cardVerification: required });
    } catch (error) {
      if (!(error instanceof CardVerificationUnfitError)) throw error;
      out(`refused: ${rest[0]} → ${rest[1]}: the client gives no bank card there, so there is no card to verify`);
      return 1;
    }
    out(`card verification ${rest[0]} → ${rest[1]}: ${required ? 'required before payout' : 'not required'}`);
    return 0;
  }
  if (group === 'reserves' && (action === 'set' || action === 'add')) {
    const id = await currencyId(db, rest[0]);
    const value = action === 'add' ? signedAmount(rest[1], 'delta') : amount(rest[1], 'amount');
    const was = options.has('was') ? amount(options.get('was'), '--was') : undefined;
    // Without --was, the amount read just now: a completion committed after this read is never erased.
    const seen = was ?? (await reserveLines(db, id))[0]?.amount ?? null;
    const outcome = await setReserve(db, await actingOperator(ctx), id, action === 'add' ? { delta: value } : { amount: value, expected: seen });
    if (!outcome.ok && 'changed' in outcome) {
      out(`refused: the reserve of ${rest[0]} is ${outcome.changed} now, not ${seen ?? 'unset'}: check it and try again (or use reserves add)`);
      return 1;
    }
    if (!outcome.ok) {
      out(`refused: the reserve of ${rest[0]} cannot be ${action === 'add' ? `moved by ${value}` : value}: it must stay ≥ 0 and ≥ what open claims hold (${outcome.held})`);
      return 1;
    }
    const [row] = await reserveLines(db, id);
    out(`reserve ${rest[0]} = ${row!.amount}, held ${row!.held}, available ${row!.available}`);
    return 0;
  }
  if (group === 'reserves' && action === 'list') {
    out(`${'currency'.padEnd(14)} ${'reserve'.padStart(20)} ${'held'.padStart(20)} ${'available'.padStart(20)}`);
    for (const row of await reserveLines(db))
      out(
        `${row.code.padEnd(14)} ${row.amount.padStart(20)} ${row.held.padStart(20)} ${row.available.padStart(20)}`,
      );
    return 0;
  }
  throw new UsageError(`unknown command ${group} ${action ?? ''}`);
}

export async function promocodesCommand(
  ctx: OpsContext,
  [action, code, percentText]: string[],
  options: Map<string, string>,
): Promise<number> {
  const { db, out } = ctx;
  if (action === 'list') {
    for (const row of await listPromocodes(db))
      out(`${row.code.padEnd(16)} ${row.percent}%  ${row.usesLeft}/${row.usesTotal} left${row.userId ? `  user ${row.userId}` : ''}`);
    return 0;
  }
  if (action !== 'create') throw new UsageError(`unknown promocodes action ${action ?? ''}`);
  if (!code || !PROMOCODE_PATTERN.test(code)) throw new UsageError('a promo code is 3–64 letters, digits, - or _');
  const percent = amount(percentText, 'percent');
  const uses = options.has('uses') ? integer(options.get('uses'), '--uses') : 1;
  const email = options.get('user') ?? null;
  const days = options.has('days') ? integer(options.get('days'), '--days') : null;
  const outcome = await createPromocode(db, await actingOperator(ctx), { code, percent, uses, email, days });
  if (!outcome.ok && outcome.reason === 'no_user') throw new UsageError(`no user ${email ?? ''}`);
  if (!outcome.ok && outcome.reason === 'percent') {
    out(`refused: a promo code's percent is above 0 and at most ${PROMOCODE_MAX_PERCENT}, not ${percent}`);
    return 1;
  }
  if (!outcome.ok) {
    out(`promo code ${code.toUpperCase()} already exists`);
    return 1;
  }
  out(`promo code ${outcome.code}: +${percent}% for ${uses} use(s)`);
  return 0;
}

export async function switchCommand(
  ctx: OpsContext,
  group: string,
  [state]: string[],
  options: Map<string, string>,
): Promise<number> {
  const { db, out } = ctx;
  const enabled = onOff(state);
  if (group === 'contest') {
    const switched = await setContestActive(db, await actingOperator(ctx), enabled);
    if (!switched) {
      out('no contest in the database');
      return 1;
    }
    out(`contest ${state}`);
    return 0;
  }
  const message = options.get('message') ?? null;
  const value: MaintenanceSetting = { enabled, messageRu: message, messageEn: options.get('message-en') ?? message };
  await setMaintenance(db, await actingOperator(ctx), value);
  out(`maintenance ${state}`);
  return 0;
}
