// `npm run ops -- chain ...` and `claims payout`: the chain watchers' settings and what they found, and the payout
// transaction of a claim (checked on chain before the claim completes). Every change is audited in its transaction.
import { actingOperator } from '../ops/identity.ts';
import { chainStatusLines, setConfirmations } from './chains/settings.ts';
import { claimDeposits, claimPayout } from './chains/deposits.ts';
import { recordPayout } from './chains/payouts.ts';
import type { OpsContext } from '../ops/commands.ts';

export const CHAIN_HELP = `  claims payout <uuid> <txhash>                      the payout transaction: the claim completes once the chain shows it
                                                     paying the client's address the promised amount with enough confirmations
  claims deposits <uuid>                             what the chain watcher saw paying the claim, and its payout check
  chain status                                       watched chains: last poll, failures, confirmations per coin
  chain confirmations <CODE> <n>                     confirmations a deposit of this coin needs before it counts`;

interface ChainContext extends OpsContext {
  usage: (message: string) => never;
}

export async function payoutCommand(ctx: ChainContext, [uuid, hash]: string[]): Promise<number> {
  if (!uuid || !hash) return ctx.usage('claims payout <uuid> <txhash>');
  const outcome = await recordPayout(ctx.db, await actingOperator(ctx), uuid, hash);
  if (outcome.ok) {
    ctx.out(`${uuid}: payout ${outcome.txHash} recorded; the claim completes once the chain confirms it`);
    return 0;
  }
  const why = {
    not_found: `no claim ${uuid}`,
    bad_hash: `refused: "${hash}" is not a transaction hash (64 hex digits, 0x… on Ethereum)`,
    wrong_status: `refused: ${uuid} is ${outcome.status ?? ''}; a payout is recorded while the claim is processing`,
  };
  ctx.out(why[outcome.reason]);
  return 1;
}

export async function depositsCommand(ctx: ChainContext, [uuid]: string[]): Promise<number> {
  if (!uuid) return ctx.usage('claims deposits <uuid>');
  const deposits = await claimDeposits(ctx.db, uuid);
  for (const deposit of deposits) {
    ctx.out(
      `${deposit.firstSeenAt}  ${deposit.amount.padStart(14)}  ${deposit.status.padEnd(9)} ${deposit.confirmations}/${deposit.required}` +
        `${deposit.counted ? '  counted' : ''}${deposit.flag ? `  FLAG ${deposit.flag}` : ''}  ${deposit.explorerUrl ?? deposit.txHash}`,
    );
  }
  ctx.out(`${deposits.length} deposit(s)`);
  const payout = await claimPayout(ctx.db, uuid);
  if (payout) {
    ctx.out(
      `payout ${payout.txHash}: ${payout.check}${payout.amountSeen !== null ? `, pays ${payout.amountSeen}` : ''}, ` +
        `${payout.confirmations} confirmation(s)${payout.note ? ` (${payout.note})` : ''}`,
    );
  }
  return 0;
}

export async function chainCommand(ctx: ChainContext, [action, code, count]: string[]): Promise<number> {
  if (action === 'status') {
    for (const line of await chainStatusLines(ctx.db)) ctx.out(line);
    return 0;
  }
  if (action !== 'confirmations') return ctx.usage(`unknown chain action ${action ?? ''}`);
  if (!code || !count || !/^\d+$/.test(count) || Number(count) < 1 || Number(count) > 1000)
    return ctx.usage('chain confirmations <CODE> <n> (1 to 1000)');
  const outcome = await setConfirmations(ctx.db, await actingOperator(ctx), code.toUpperCase(), Number(count));
  if (!outcome.ok) {
    ctx.out(`refused: ${code.toUpperCase()} is not a coin a chain watcher knows`);
    return 1;
  }
  ctx.out(`${code.toUpperCase()}: deposits count after ${count} confirmation(s) (was ${outcome.before})`);
  return 0;
}
