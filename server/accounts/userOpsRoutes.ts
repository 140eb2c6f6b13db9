// /ops-api/v1/users/: find an account by its e-mail, block it with a reason (its sessions end), unblock it, or end
// its sessions, through the same service as the CLI (server/accounts/userBlocks.ts).
import { Hono, type Context } from 'hono';
import { opsReasonRequest } from '../../src/api/schemas/ops.ts';
import { opsUsersQuery, type OpsUser, type OpsUserDecided } from '../../src/api/schemas/opsUsers.ts';
import { fail } from '../http/errors.ts';
import { pagedBody, readPage } from '../http/paging.ts';
import { jsonBody, validate } from '../http/validate.ts';
import type { Text } from '../i18n/text.ts';
import type { OpsEnv } from '../backoffice/env.ts';
import { blockUser, endUserSessions, findUsers, unblockUser, type UserDecision, type UserStanding } from './userBlocks.ts';

export const opsUserRoutes = new Hono<OpsEnv>();

function userBody(user: UserStanding): OpsUser {
  return { ...user, createdAt: user.createdAt.toISOString(), blockedAt: user.blockedAt?.toISOString() ?? null };
}

opsUserRoutes.get('/', async (c) => {
  const query = validate(opsUsersQuery, c.req.query());
  const page = readPage(c);
  const { count, rows } = await findUsers(c.get('db'), { q: query.q, blockedOnly: query.blocked === '1' }, page);
  return c.json(pagedBody(c, page, count, rows.map(userBody)));
});

const REFUSALS: Record<Extract<UserDecision, { done: false }>['reason'], { status: 404 | 409; text: Text }> = {
  not_found: { status: 404, text: /*i18n*/ { id: 'accounts.user.noSuchUser', message: 'No such user.' } },
  already_blocked: { status: 409, text: /*i18n*/ { id: 'accounts.user.alreadyBlocked', message: 'The user is already blocked.' } },
  not_blocked: { status: 409, text: /*i18n*/ { id: 'accounts.user.notBlocked', message: 'The user is not blocked.' } },
};

function answer(c: Context<OpsEnv>, outcome: UserDecision) {
  if (!outcome.done) {
    const refusal = REFUSALS[outcome.reason];
    fail(refusal.status, refusal.text, outcome.reason);
  }
  const body: OpsUserDecided = { user: userBody(outcome.user), sessionsEnded: outcome.sessionsEnded };
  return c.json(body);
}

const userId = (c: Context<OpsEnv>) => Number(c.req.param('id'));

opsUserRoutes.post('/:id{[0-9]{1,9}}/block/', async (c) => {
  const { reason } = await jsonBody(c, opsReasonRequest);
  return answer(c, await blockUser(c.get('db'), c.get('operator'), userId(c), reason));
});
opsUserRoutes.post('/:id{[0-9]{1,9}}/unblock/', async (c) => answer(c, await unblockUser(c.get('db'), c.get('operator'), userId(c))));
opsUserRoutes.post('/:id{[0-9]{1,9}}/logout/', async (c) => answer(c, await endUserSessions(c.get('db'), c.get('operator'), userId(c))));
