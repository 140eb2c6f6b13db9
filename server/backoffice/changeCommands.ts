// `npm run ops -- changes list|approve ID|reject ID --as <admin e-mail>`: four-eyes changes from the shell. Deciding
// names an active admin other than the proposer, like the console.
import type { PendingChangeRow } from '../db/schema/pendingChanges.ts';
import { loadConfig } from '../config.ts';
import { mailSettingsOf } from '../mail/send.ts';
import { activeAdmin, approveChange, listChanges, rejectChange, type Decision } from './pendingChanges.ts';
import type { OpsContext } from '../ops/commands.ts';

export class ChangeUsageError extends Error {}

const REFUSALS: Record<Exclude<Decision, { done: true }>['reason'], string> = {
  not_found: 'no such change',
  decided: 'already decided',
  own: 'the proposer cannot approve their own change: another admin approves it',
  not_admin: 'only an active admin decides changes',
  stale: 'it can no longer be applied (the data changed): reject it and propose it again',
};

function line(row: PendingChangeRow): string {
  const decided = row.decision ? `  ${row.decision} by ${row.decidedByEmail ?? '?'}` : '';
  return `#${row.id}  ${row.kind}  ${row.target}  by ${row.proposedByEmail} at ${row.proposedAt.toISOString()}${decided}\n    before ${JSON.stringify(row.before)}\n    after  ${JSON.stringify(row.after)}`;
}

export async function changesCommand(ctx: OpsContext, [action, idText]: string[], options: Map<string, string>): Promise<number> {
  const { db, out } = ctx;
  if (action === 'list') {
    const rows = await listChanges(db, { decided: options.has('decided') });
    for (const row of rows) out(line(row));
    out(`${rows.length} change(s)${options.has('decided') ? ' decided lately' : ' waiting'}`);
    return 0;
  }
  if (action !== 'approve' && action !== 'reject') throw new ChangeUsageError(`unknown changes action ${action ?? ''}`);
  const id = Number(idText);
  if (!Number.isSafeInteger(id) || id <= 0) throw new ChangeUsageError(`changes ${action} <id> --as <admin e-mail>`);
  const email = options.get('as') ?? process.env.OPS_AS;
  const actor = email ? await activeAdmin(db, email) : null;
  if (!actor) {
    out('refused: name an active admin with --as <e-mail> (or OPS_AS)');
    return 1;
  }
  const outcome =
    action === 'approve' ? await approveChange(db, actor, id, mailSettingsOf(loadConfig())) : await rejectChange(db, actor, id);
  if (!outcome.done) {
    out(`refused: ${REFUSALS[outcome.reason]}`);
    return 1;
  }
  out(`${action === 'approve' ? 'approved and applied' : 'rejected'}: ${line(outcome.change)}`);
  return 0;
}
