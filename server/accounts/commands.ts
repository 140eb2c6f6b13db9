// `npm run ops -- verifications approve|reject` and `withdrawals pay|reject`: the operator's decisions from the
// shell, through the same services as the console (each audits its decision).
import type { Actor } from '../backoffice/audit.ts';
import { integer, UsageError } from '../ops/args.ts';
import type { OpsContext } from '../ops/commands.ts';
import { actingOperator } from '../ops/identity.ts';
import { decideVerification } from './verificationReview.ts';
import { decideWithdrawal } from './withdrawals.ts';

export const DECISIONS_HELP = `  verifications approve <id>
  verifications reject <id> [--reason <text>]
  withdrawals pay <id>
  withdrawals reject <id>`;

export async function decisionsCommand(
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
