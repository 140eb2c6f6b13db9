// /ops-api/v1/changes/: changes to where clients pay and to formulas waiting for a second admin (list, approve,
// reject). The role table lets only admins change here; the service refuses the proposer's own approval.
import type { Context } from 'hono';
import { Hono } from 'hono';
import { opsChangesQuery, type OpsChangeProposed, type OpsPendingChange } from '../../src/api/schemas/opsChanges.ts';
import type { PendingChangeRow } from '../db/schema/pendingChanges.ts';
import { fail } from '../http/errors.ts';
import { validate } from '../http/validate.ts';
import type { Text } from '../i18n/text.ts';
import { translate } from '../i18n/translate.ts';
import { mailSettingsOf } from '../mail/send.ts';
import { approveChange, listChanges, rejectChange, type Decision } from './pendingChanges.ts';
import type { OpsEnv } from './env.ts';

export const opsChangeRoutes = new Hono<OpsEnv>();

function changeDto(row: PendingChangeRow): OpsPendingChange {
  return {
    id: row.id,
    kind: row.kind,
    target: row.target,
    before: row.before,
    after: row.after,
    proposedBy: row.proposedByEmail,
    proposedAt: row.proposedAt.toISOString(),
    decidedBy: row.decidedByEmail,
    decidedAt: row.decidedAt?.toISOString() ?? null,
    decision: row.decision,
  };
}

/** The 202 a route answers when its change now waits for a second admin. */
export function proposedAnswer(c: Context<OpsEnv>, id: number) {
  const detail = translate(c.get('locale'), /*i18n*/ {
    id: 'backoffice.change.proposed',
    message: 'The change is waiting for a second admin to approve it.',
  });
  return c.json({ pendingChange: id, detail } satisfies OpsChangeProposed, 202);
}

const REFUSALS: Record<Exclude<Decision, { done: true }>['reason'], { status: 403 | 404 | 409; text: Text; code?: string }> = {
  not_found: { status: 404, text: /*i18n*/ { id: 'backoffice.change.notFound', message: 'Change not found.' } },
  decided: {
    status: 409,
    text: /*i18n*/ { id: 'backoffice.change.decided', message: 'This change was already decided.' },
    code: 'already_decided',
  },
  own: {
    status: 403,
    text: /*i18n*/ { id: 'backoffice.change.own', message: 'Another admin must approve your own change.' },
    code: 'own_change',
  },
  not_admin: {
    status: 403,
    text: /*i18n*/ { id: 'backoffice.role.forbidden', message: 'Your role does not allow this action.' },
    code: 'role_forbidden',
  },
  stale: {
    status: 409,
    text: /*i18n*/ {
      id: 'backoffice.change.stale',
      message: 'This change can no longer be applied (the data changed). Reject it and propose it again.',
    },
    code: 'change_stale',
  },
};

function refuse(decision: Exclude<Decision, { done: true }>): never {
  const { status, text, code } = REFUSALS[decision.reason];
  fail(status, text, code);
}

opsChangeRoutes.get('/', async (c) => {
  const query = validate(opsChangesQuery, c.req.query());
  const rows = await listChanges(c.get('db'), { decided: query.decided === '1' });
  return c.json(rows.map(changeDto));
});

opsChangeRoutes.post('/:id{[0-9]{1,9}}/approve/', async (c) => {
  const outcome = await approveChange(c.get('db'), c.get('operator'), Number(c.req.param('id')), mailSettingsOf(c.get('config')));
  if (!outcome.done) refuse(outcome);
  return c.json(changeDto(outcome.change));
});

opsChangeRoutes.post('/:id{[0-9]{1,9}}/reject/', async (c) => {
  const outcome = await rejectChange(c.get('db'), c.get('operator'), Number(c.req.param('id')));
  if (!outcome.done) refuse(outcome);
  return c.json(changeDto(outcome.change));
});
