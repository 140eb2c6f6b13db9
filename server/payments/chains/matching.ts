// Applies the matching rules (src/domain/depositMatching.ts) to one claim in one transaction: the claim row is
// locked first, its deposits read under that lock, each undecided one decided by the table, and the claim moved
// through the status table by the one move function (events, mails, hold and the audit row as for any move).
import { sql } from 'drizzle-orm';
import {
  decideDeposit,
  decideDrop,
  type DepositFlag,
  type DepositStatus,
} from '../../../src/domain/depositMatching.ts';
import type { ClaimStatus } from '../../../src/domain/claimStatus.ts';
import type { Db } from '../../db/index.ts';
import type { Locale } from '../../../src/domain/locale.ts';
import type { Text } from '../../i18n/text.ts';
import { translate } from '../../i18n/translate.ts';
import { writeAudit, type Actor } from '../../backoffice/audit.ts';
import { moveClaim } from '../../claims/service.ts';

/** Who the audit log names for the watcher's changes. */
export const WATCHER_ACTOR: Actor = { operatorId: null, email: 'chain-watcher' };

type DepositRow = {
  id: number;
  tx_hash: string;
  amount: string;
  confirmations: number;
  status: DepositStatus;
  counted: boolean;
  flag: DepositFlag | null;
};

function shortReason(amount: string, due: string, unit: string): Text {
  return /*i18n*/ {
    id: 'payments.deposit.short',
    message:
      'We received {amount} {unit} instead of {due} {unit}. We will contact you: the request can be re-priced for the amount received or the payment returned.',
    values: { amount, due, unit },
  };
}
const DROPPED_REASON: Text = /*i18n*/ {
  id: 'payments.deposit.dropped',
  message: 'The network reversed your payment transaction (a chain reorganisation). An operator is checking the payment.',
};

export interface ClaimDecision {
  uuid: string;
  moves: { from: ClaimStatus; to: ClaimStatus }[];
}

/**
 * Decides every undecided deposit of the claim `uuid` (required: the confirmations its currency needs now).
 * Answers the moves made; nothing when no deposit is ready to decide.
 */
export async function decideClaim(db: Db, uuid: string, required: number): Promise<ClaimDecision> {
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const claim = (
      await tx.execute<{ status: ClaimStatus; from_summa: string; locale: Locale; unit: string }>(sql`
        select c.status, c.from_summa::text as from_summa, c.locale, cur.unit
        from claims c join currencies cur on cur.id = c.from_currency_id
        where c.uuid = ${uuid} for update of c`)
    ).rows[0];
    const moves: { from: ClaimStatus; to: ClaimStatus }[] = [];
    if (!claim) return { uuid, moves };
    const deposits = (
      await tx.execute<DepositRow>(sql`
        select id, tx_hash, amount::text as amount, confirmations, status, counted, flag from chain_deposits
        where claim_uuid = ${uuid}
        order by block_height nulls last, first_seen_at, id
        for update`)
    ).rows;
    let status = claim.status;
    // A claim's reason is kept as its client reads it (on its page and in its mail), like an operator's typed one:
    // written here in the claim's language.
    const move = async (to: ClaimStatus, note: string, reason?: Text) => {
      const told = reason === undefined ? {} : { reason: translate(claim.locale, reason) };
      await moveClaim(tx, uuid, to, 'system', { note, ...told });
      moves.push({ from: status, to });
      status = to;
    };
    const record = async (deposit: DepositRow, counted: boolean, flag: DepositFlag | null, action: string) => {
      await tx.execute(sql`update chain_deposits set counted = ${counted}, flag = ${flag}, updated_at = now()
        where id = ${deposit.id}`);
      await writeAudit(tx, WATCHER_ACTOR, {
        action,
        target: `claim ${uuid}`,
        before: { status: claim.status, deposit: deposit.tx_hash, counted: deposit.counted, flag: deposit.flag },
        after: { status, deposit: deposit.tx_hash, amount: deposit.amount, counted, flag },
      });
      deposit.counted = counted;
      deposit.flag = flag;
    };

    // A counted deposit the chain dropped first: it stops counting, so a replacement can be decided below.
    for (const deposit of deposits.filter((row) => row.status === 'dropped' && row.counted)) {
      const decision = decideDrop(status);
      if (decision.move)
        await move(decision.move, `deposit ${deposit.tx_hash} dropped from the chain`, DROPPED_REASON);
      await record(deposit, false, decision.flag, 'chain.deposit_dropped');
    }
    for (const deposit of deposits) {
      const undecided =
        !deposit.counted && (deposit.flag === null || deposit.flag === 'dropped') && deposit.status !== 'dropped';
      if (!undecided) continue;
      const decision = decideDeposit({
        status,
        due: claim.from_summa,
        amount: deposit.amount,
        confirmations: deposit.confirmations,
        required,
        otherCounted: deposits.some((row) => row.counted),
      });
      if (!decision.counts && decision.flag === null) continue;
      if (decision.move) {
        const note = `deposit ${deposit.tx_hash}: ${deposit.amount} ${claim.unit} with ${deposit.confirmations} confirmations`;
        const reason =
          decision.move === 'payment_error' ? shortReason(deposit.amount, claim.from_summa, claim.unit) : undefined;
        await move(decision.move, note, reason);
      }
      await record(deposit, decision.counts, decision.flag ?? deposit.flag, 'chain.deposit');
    }
    return { uuid, moves };
  });
}
