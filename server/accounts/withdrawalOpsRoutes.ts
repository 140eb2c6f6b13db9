// /ops-api/v1/withdrawals/: partners' withdrawals of referral earnings, paid or rejected (the amount returns
// to the balance) through the same services as the CLI.
import { Hono, type Context } from 'hono';
import { opsWithdrawalsQuery } from '../../src/api/schemas/ops.ts';
import { decideWithdrawal, listWithdrawals } from './withdrawals.ts';
import { fail } from '../http/errors.ts';
import { pagedBody, readPage } from '../http/paging.ts';
import { validate } from '../http/validate.ts';
import type { OpsEnv } from '../backoffice/env.ts';

export const opsWithdrawalRoutes = new Hono<OpsEnv>();

opsWithdrawalRoutes.get('/', async (c) => {
  const query = validate(opsWithdrawalsQuery, c.req.query());
  const page = readPage(c);
  const { count, rows } = await listWithdrawals(c.get('db'), query.status ?? 'pending', page);
  return c.json(pagedBody(c, page, count, rows));
});

function decide(decision: 'pay' | 'reject') {
  return async (c: Context<OpsEnv>) => {
    const done = await decideWithdrawal(c.get('db'), c.get('operator'), Number(c.req.param('id')), decision);
    if (!done) {
      fail(404, /*i18n*/ { id: 'accounts.withdrawal.noneAwaiting', message: 'No such withdrawal awaiting a decision.' });
    }
    return c.json({ status: decision === 'pay' ? 'paid' : 'rejected' });
  };
}

opsWithdrawalRoutes.post('/:id{[0-9]{1,9}}/pay/', decide('pay'));
opsWithdrawalRoutes.post('/:id{[0-9]{1,9}}/reject/', decide('reject'));
