// `npm run ops -- claims list|show|move|payout|deposits`: the operator's claims from the shell, through the same
// services as the console (a move is audited by moveClaimAsOperator).
import { reasonMissing } from '../../src/domain/claimReasons.ts';
import { isClaimStatus, nextStatuses } from '../../src/domain/claimStatus.ts';
import { integer, usageError, UsageError } from '../ops/args.ts';
import type { OpsContext } from '../ops/commands.ts';
import { actingOperator } from '../ops/identity.ts';
import { depositsCommand, payoutCommand } from '../payments/chainCommands.ts';
import { moveClaimAsOperator } from './operatorMoves.ts';
import { claimEventsOf, latestClaims } from './queue.ts';
import { RepriceNoCourseError, RepriceReserveShortError } from './repricing.ts';
import { CardNotVerifiedError, findClaim, TransitionError } from './service.ts';
import { ReserveShortError } from './statusMoves.ts';

export const CLAIMS_HELP = `  claims list [--status <status>] [--limit <n>]     newest claims first
  claims show <uuid>                                 a claim with its status history
  claims move <uuid> <status> [--note <text>] [--reason <text>]
                                                     move along the status table (as operator); --reason is
                                                     required where the client reads one (rejected, returned,
                                                     on_hold, needs_verification, payment_error, payout_error);
                                                     paid_late → processing re-prices at the current course`;

export async function claimsCommand(
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
    for (const event of await claimEventsOf(db, claim)) {
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
