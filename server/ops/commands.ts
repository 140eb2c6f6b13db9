// The operator's commands: claims, rates, limits, reserves, verifications, withdrawals, promo codes, contest,
// maintenance. `runOps` takes the argument list and a database and answers an exit code (0 ok, 1 refused, 2 usage).
import { reasonMissing } from '../../src/domain/claimReasons.ts';
import { isClaimStatus, nextStatuses } from '../../src/domain/claimStatus.ts';
import { parseAmount } from '../../src/domain/money.ts';
import { decideVerification } from '../accounts/verificationReview.ts';
import { decideWithdrawal } from '../accounts/withdrawals.ts';
import type { Db } from '../db/index.ts';
import type { MaintenanceSetting } from '../db/schema/calculator.ts';
import { ReserveShortError } from '../claims/statusMoves.ts';
import { RepriceNoCourseError, RepriceReserveShortError } from '../claims/repricing.ts';
import type { Actor } from '../backoffice/audit.ts';
import { actingOperator, IdentityError } from './identity.ts';
import {
  currencyIdOf,
  directionIdOf,
  FormulaCourseError,
  reserveLines,
  setContestActive,
  setMaintenance,
  setReserve,
  updateDirection,
  CardVerificationUnfitError,
  type DirectionChanges,
} from '../catalogue/operatorChanges.ts';
import { moveClaimAsOperator } from '../claims/operatorMoves.ts';
import { createPromocode, listPromocodes, PROMOCODE_MAX_PERCENT, PROMOCODE_PATTERN } from '../catalogue/promocodes.ts';
import { CardNotVerifiedError, findClaim, TransitionError } from '../claims/service.ts';
import { claimEventsOf, latestClaims } from '../claims/queue.ts';
import { operatorsCommand, OperatorUsageError } from '../backoffice/commands.ts';
import { changesCommand, ChangeUsageError } from './changeCommands.ts';
import { RATES_HELP, ratesCommand } from '../rates/commands.ts';
import { PAYMENT_HELP, paymentCommand } from '../payments/commands.ts';
import { loadConfig, type Config } from '../config.ts';
import { DOCTOR_HELP, doctorCommand } from '../doctor/command.ts';
import { KEYS_HELP, keysCommand } from '../keys/command.ts';
import { CHAIN_HELP, chainCommand, depositsCommand, payoutCommand } from '../payments/chainCommands.ts';
import { EXPORT_HELP, exportCommand } from '../export/commands.ts';
import { PARTNERS_HELP, partnersCommand } from '../partners/commands.ts';
import { USERS_HELP, usersCommand } from '../accounts/userCommands.ts';
import { BACKUP_HELP, backupCommand } from '../backup/commands.ts';

export const HELP = `Operator commands: npm run ops -- <command>

  Every command that changes something needs --as <operator e-mail> (or OPS_AS=<e-mail>): an active operator,
  named in the audit row. Listing and showing need none.

  claims list [--status <status>] [--limit <n>]     newest claims first
  claims show <uuid>                                 a claim with its status history
  claims move <uuid> <status> [--note <text>] [--reason <text>]
                                                     move along the status table (as operator); --reason is
                                                     required where the client reads one (rejected, returned,
                                                     on_hold, needs_verification, payment_error, payout_error);
                                                     paid_late → processing re-prices at the current course
  rates set <FROM> <TO> <course> [--verified <course>|none]
${RATES_HELP}
  limits set <FROM> <TO> [--from-min <x>] [--from-max <x>] [--to-min <x>] [--to-max <x>]
                         [--from-min-verification <x>] [--to-min-verification <x>]   ("none" clears a limit)
  window set <FROM> <TO> <seconds>|none              the direction's payment window (none: PAYMENT_WINDOW_SECONDS)
  directions cardverify <FROM> <TO> on|off           pay out only to a verified sender card (card-giving directions)
  directions on|off <FROM> <TO>                      offer the direction or take it out of the calculator
${DOCTOR_HELP}
${KEYS_HELP}
  reserves list                                      reserve, held by open claims, available
  reserves set <CODE> <amount> [--was <amount>]     refused below what open claims hold, and when the reserve is
                                                     no longer --was (the amount reserves list showed)
  reserves add <CODE> <delta>                        moves the reserve by a signed delta, whatever it is now
${PAYMENT_HELP}
${CHAIN_HELP}
${EXPORT_HELP}
${PARTNERS_HELP}
${USERS_HELP}
  verifications approve <id>
  verifications reject <id> [--reason <text>]
  withdrawals pay <id>
  withdrawals reject <id>
  promocodes create <CODE> <percent> [--uses <n>] [--user <email>] [--days <n>]
  promocodes list
  contest on|off
  maintenance on|off [--message <text>] [--message-en <text>]
  operators create <email> --password <password> [--role admin|operator|auditor]
                                                     prints the TOTP enrolment (URI and QR code); role admin by default
  operators role <email> <admin|operator|auditor>    the last active admin cannot be demoted or disabled
  operators list
  changes list [--decided]                           changes to payment details and formulas waiting for a second admin
  changes approve|reject <id> --as <admin e-mail>    approving applies it (not by its proposer); every operator is mailed
  operators disable <email>                          also ends the operator's sessions
  operators reset-2fa <email>                        a new TOTP secret, printed like at creation
${BACKUP_HELP}

Currencies are named by code (BTC, SBERRUB, USDTTRC20...). Without DATABASE_URL the command uses the
embedded database of DATA_DIR (default ./data), the running server's or its own.`;

export class UsageError extends Error {}

export interface OpsContext {
  db: Db;
  out: (line: string) => void;
  /** The installation's settings (doctor, keys); the environment's when not given. */
  serverConfig?: Config;
  /** The database's URL, for the PostgreSQL programs that backup and restore run. */
  databaseUrl?: string;
  /** The operator's e-mail (`--as`, or OPS_AS): every change is audited under this active operator. */
  operator?: string;
}

interface Parsed {
  positional: string[];
  options: Map<string, string>;
}

function parse(argv: string[]): Parsed {
  const positional: string[] = [];
  const options = new Map<string, string>();
  for (let index = 0; index < argv.length; index += 1) {
    const arg = argv[index]!;
    if (arg.startsWith('--')) {
      const value = argv[index + 1];
      if (value === undefined || value.startsWith('--')) throw new UsageError(`${arg} needs a value`);
      options.set(arg.slice(2), value);
      index += 1;
    } else positional.push(arg);
  }
  return { positional, options };
}

function amount(value: string | undefined, what: string): string {
  const parsed = value === undefined ? null : parseAmount(value);
  if (parsed === null) throw new UsageError(`${what} must be a decimal number, got "${value ?? ''}"`);
  return parsed;
}

/** A decimal that may be negative (a delta). */
function signedAmount(value: string | undefined, what: string): string {
  const negative = value?.startsWith('-') ?? false;
  const magnitude = amount(negative ? value!.slice(1) : value, what);
  return negative ? `-${magnitude}` : magnitude;
}

function integer(value: string | undefined, what: string): number {
  const parsed = Number(value);
  if (value === undefined || !Number.isSafeInteger(parsed) || parsed <= 0)
    throw new UsageError(`${what} must be a positive integer`);
  return parsed;
}

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

async function claimsCommand(
  ctx: OpsContext,
  [action, ...rest]: string[],
  options: Map<string, string>,
): Promise<number> {
  const { db, out } = ctx;
  if (action === 'list') {
    const status = options.get('status');
    if (status !== undefined && !isClaimStatus(status)) throw new UsageError(`unknown status ${status}`);
    const limit = options.has('limit') ? integer(options.get('limit'), '--limit') : 50;
    const rows = await latestClaims(db, { ...(status ? { status } : {}), limit });
    for (const row of rows) {
      out(`${row.uuid}  ${row.status.padEnd(18)} ${row.fromSumma} ${row.fromCode} → ${row.toSumma} ${row.toCode}  ${row.email}  ${row.createdAt}`);
    }
    out(`${rows.length} claim(s)`);
    return 0;
  }
  if (action === 'show') {
    const claim = await findClaim(db, rest[0] ?? '');
    if (!claim) {
      out(`no claim ${rest[0] ?? ''}`);
      return 1;
    }
    out(JSON.stringify(claim, null, 2));
    for (const event of await claimEventsOf(db, claim.uuid)) {
      out(`${event.at}  ${event.fromStatus ?? '-'} → ${event.toStatus}  by ${event.actor}${event.note ? `  (${event.note})` : ''}`);
    }
    out(`next: ${nextStatuses(claim.status, 'operator').join(', ') || 'none (final)'}`);
    return 0;
  }
  if (action === 'payout') return payoutCommand({ ...ctx, usage: usageError }, rest);
  if (action === 'deposits') return depositsCommand({ ...ctx, usage: usageError }, rest);
  if (action === 'move') {
    const [uuid, status] = rest;
    if (!uuid || !status) throw new UsageError('claims move <uuid> <status>');
    if (!isClaimStatus(status)) throw new UsageError(`unknown status ${status}`);
    const reason = options.get('reason');
    if (reasonMissing(status, reason)) {
      out(`refused: a move to ${status} needs --reason "<text>" (the client reads it on the claim page and in the mail)`);
      return 1;
    }
    try {
      const moved = await moveClaimAsOperator(db, await actingOperator(ctx), uuid, status, {
        note: options.get('note') ?? 'operator',
        ...(reason !== undefined ? { reason } : {}),
      });
      if (!moved) {
        out(`no claim ${uuid}`);
        return 1;
      }
      out(`${uuid}: ${moved.from} → ${moved.claim.status}`);
      if (moved.repricing) {
        const price = moved.repricing;
        out(`re-priced at the current course ${price.newCourse} (was ${price.oldCourse}): pays ${price.newToSumma} (was ${price.oldToSumma})`);
      }
      if (moved.claim.status !== status) out('the direction pays out only to a verified sender card: the client is asked to verify it');
      if (moved.reward !== null) out(`referral reward credited: ${moved.reward} RUB`);
      return 0;
    } catch (error) {
      if (error instanceof ReserveShortError) {
        out(`refused: completing ${uuid} would take its reserve below zero; raise the reserve first (reserves set)`);
        return 1;
      }
      if (error instanceof RepriceReserveShortError) {
        out(`refused: re-pricing ${uuid} needs ${error.needed} of the reserve, ${error.available} is available; raise the reserve (reserves set) or return the payment`);
        return 1;
      }
      if (error instanceof RepriceNoCourseError) {
        out(`refused: the direction of ${uuid} has no course now (switched off or paused); it cannot be re-priced, return the payment instead`);
        return 1;
      }
      if (error instanceof CardNotVerifiedError) {
        out(`refused: the direction of ${uuid} pays out only to a verified sender card and it is not verified yet; approve its verification first (verifications approve <id>)`);
        return 1;
      }
      if (!(error instanceof TransitionError)) throw error;
      const allowed = nextStatuses(error.from, 'operator');
      out(
        `refused: ${error.from} → ${status} is not allowed; from ${error.from} an operator may move to: ${allowed.join(', ') || 'nothing (final)'}`,
      );
      return 1;
    }
  }
  throw new UsageError(`unknown claims action ${action ?? ''}`);
}

const LIMIT_OPTIONS = {
  'from-min': 'fromMin',
  'from-max': 'fromMax',
  'to-min': 'toMin',
  'to-max': 'toMax',
  'from-min-verification': 'fromMinVerification',
  'to-min-verification': 'toMinVerification',
} as const;

async function catalogCommand(
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

async function accountsCommand(
  ctx: OpsContext,
  group: string,
  [action, idText]: string[],
  options: Map<string, string>,
): Promise<number> {
  const id = integer(idText, 'id');
  const reason = options.get('reason') ?? 'Rejected by operator';
  const decisions: Record<string, (actor: Actor) => Promise<boolean>> = {
    'verifications approve': (actor) => decideVerification(ctx.db, actor, id, { decision: 'approve' }),
    'verifications reject': (actor) => decideVerification(ctx.db, actor, id, { decision: 'reject', reason }),
    'withdrawals pay': (actor) => decideWithdrawal(ctx.db, actor, id, 'pay'),
    'withdrawals reject': (actor) => decideWithdrawal(ctx.db, actor, id, 'reject'),
  };
  const decide = decisions[`${group} ${action ?? ''}`];
  if (!decide) throw new UsageError(`unknown command ${group} ${action ?? ''}`);
  const done = await decide(await actingOperator(ctx));
  ctx.out(
    done ? `${group} ${id}: ${action} done` : `${group} ${id}: nothing to ${action} (unknown or already decided)`,
  );
  return done ? 0 : 1;
}

async function promocodesCommand(
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

function onOff(value: string | undefined): boolean {
  if (value === 'on') return true;
  if (value === 'off') return false;
  throw new UsageError('say on or off');
}

async function switchCommand(
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

function usageError(message: string): never {
  throw new UsageError(message);
}

export async function runOps(argv: string[], ctx: OpsContext): Promise<number> {
  try {
    // Their options are switches (--force), which the common parser would take for options with a value.
    if (argv[0] === 'backup' || argv[0] === 'restore') {
      return await backupCommand({ ...ctx, usage: usageError }, argv[0], argv.slice(1));
    }
    const { positional, options } = parse(argv);
    const [group, ...rest] = positional;
    ctx = { ...ctx, operator: options.get('as') ?? ctx.operator };
    switch (group) {
      case undefined:
      case 'help':
        ctx.out(HELP);
        return group === undefined ? 2 : 0;
      case 'claims':
        return await claimsCommand(ctx, rest, options);
      case 'rates':
        if (rest[0] !== 'set') return await ratesCommand({ ...ctx, usage: usageError }, rest, options);
        return await catalogCommand(ctx, group, rest, options);
      case 'limits':
      case 'window':
      case 'directions':
      case 'reserves':
        return await catalogCommand(ctx, group, rest, options);
      case 'verifications':
      case 'withdrawals':
        return await accountsCommand(ctx, group, rest, options);
      case 'promocodes':
        return await promocodesCommand(ctx, rest, options);
      case 'contest':
      case 'maintenance':
        return await switchCommand(ctx, group, rest, options);
      case 'doctor':
        return await doctorCommand(ctx, ctx.serverConfig ?? loadConfig());
      case 'keys':
        return await keysCommand({ ...ctx, usage: usageError }, ctx.serverConfig ?? loadConfig(), rest);
      case 'changes':
        return await changesCommand(ctx, rest, options);
      case 'operators':
        return await operatorsCommand(ctx, rest, options);
      case 'addresses':
      case 'accounts':
        return await paymentCommand({ ...ctx, usage: usageError }, group, rest, options);
      case 'chain':
        return await chainCommand({ ...ctx, usage: usageError }, rest);
      case 'export':
        return await exportCommand({ ...ctx, usage: usageError }, rest);
      case 'users': return await usersCommand({ ...ctx, usage: usageError }, rest, options);
      case 'partners':
        return await partnersCommand({ ...ctx, usage: usageError }, rest, options);
      default:
        throw new UsageError(`unknown command ${group}`);
    }
  } catch (error) {
    if (error instanceof IdentityError) {
      ctx.out(`refused: ${error.message}`);
      return 2;
    }
    if (!(error instanceof UsageError || error instanceof OperatorUsageError || error instanceof ChangeUsageError)) throw error;
    ctx.out(`error: ${error.message}\n\n${HELP}`);
    return 2;
  }
}
