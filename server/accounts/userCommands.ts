// `npm run ops -- users show|block|unblock|logout <email> [--reason <text>] --as <operator>`: the console's Users
// screen from the shell, through the same service (server/accounts/userBlocks.ts) and with the same audit rows.
import { actingOperator } from '../ops/identity.ts';
import type { OpsContext } from '../ops/commands.ts';
import { blockUser, endUserSessions, unblockUser, userIdByEmail, userStanding, type UserDecision, type UserStanding } from './userBlocks.ts';

export const USERS_HELP = `  users show <email>                                 the account: blocked or not (and why), open sign-ins
  users block <email> --reason <text>                refuses its sign-in and every signed-in call, ends its sessions
  users unblock <email>                              it may sign in again
  users logout <email>                               ends every session of the account (signs it out everywhere)`;

interface UsersContext extends OpsContext {
  usage: (message: string) => never;
}

const REFUSALS: Record<Exclude<UserDecision, { done: true }>['reason'], string> = {
  not_found: 'no such user',
  already_blocked: 'the user is already blocked',
  not_blocked: 'the user is not blocked',
};

function describe(user: UserStanding): string {
  const state = user.blockedAt ? `BLOCKED since ${user.blockedAt.toISOString()} (${user.blockReason ?? 'no reason recorded'})` : 'not blocked';
  return `${user.email}  #${user.id}  ${state}  open sign-ins: ${user.liveSessions}`;
}

export async function usersCommand(ctx: UsersContext, [action, email]: string[], options: Map<string, string>): Promise<number> {
  const { db, out } = ctx;
  if (!['show', 'block', 'unblock', 'logout'].includes(action ?? '')) return ctx.usage(`unknown users action ${action ?? ''}`);
  if (!email) return ctx.usage(`users ${action} <email>`);
  const reason = options.get('reason')?.trim();
  if (action === 'block' && !reason) return ctx.usage('users block needs --reason "<text>" (kept in the audit log, shown to operators)');
  // Who acts is checked before anything is read or changed.
  const actor = action === 'show' ? null : await actingOperator(ctx);
  const id = await userIdByEmail(db, email);
  const standing = id === null ? null : await userStanding(db, id);
  if (id === null || !standing) {
    out(`refused: ${REFUSALS.not_found} ${email}`);
    return 1;
  }
  if (!actor) {
    out(describe(standing));
    return 0;
  }
  const outcome =
    action === 'block' ? await blockUser(db, actor, id, reason!) : action === 'unblock' ? await unblockUser(db, actor, id) : await endUserSessions(db, actor, id);
  if (!outcome.done) {
    out(`refused: ${REFUSALS[outcome.reason]}`);
    return 1;
  }
  out(`${action === 'block' ? 'blocked' : action === 'unblock' ? 'unblocked' : 'signed out'}: ${describe(outcome.user)}; sessions ended: ${outcome.sessionsEnded}`);
  return 0;
}
