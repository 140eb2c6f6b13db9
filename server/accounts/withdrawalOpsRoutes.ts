// /ops-api/v1/withdrawals/: partners' withdrawals of referral earnings, paid or rejected (the amount returns
// to the balance) through the same services as the CLI.
import { Hono, type Context } from 'hono';
import { opsWithdrawalsQuery } from '../../src/api/schemas/ops.ts';
import { listWithdrawals, payWithdrawal, rejectWithdrawal } from './withdrawals.ts';
import type { Db } from '../db/index.ts';
import { fail } from '../http/errors.ts';
import { tr } from '../i18n/texts.ts';
import { pagedBody, readPage } from '../http/paging.ts';
import { validate } from '../http/validate.ts';
import { audited } from '../backoffice/audit.ts';
import type { OpsEnv } from '../backoffice/env.ts';

export const opsWithdrawalRoutes = new Hono<OpsEnv>();

opsWithdrawalRoutes.get('/', async (c) => {
  const query = validate(opsWithdrawalsQuery, c.req.query(), c.get('locale'));
  const page = readPage(c);
  const { count, rows } = await listWithdrawals(c.get('db'), query.status ?? 'pending', page);
  return c.json(pagedBody(c, page, count, rows));
});

function decide(action: 'pay' | 'reject', decision: (db: Db, id: number) => Promise<boolean>) {
  return async (c: Context<OpsEnv>) => {
    const id = Number(c.req.param('id'));
    const done = await audited(c.get('db'), c.get('operator'), async (tx) => {
      const result = await decision(tx, id);
      return {
        result,
        audit: result
          ? { action: `withdrawal.${action}`, target: `withdrawal:${id}`, before: { status: 'pending' }, after: { status: action === 'pay' ? 'paid' : 'rejected' } }
          : null,
      };
    });
    if (!done) {
      fail(404, tr(c.get('locale'), { ru: 'Нет такой заявки на вывод, ожидающей решения.', en: 'No such withdrawal awaiting a decision.' }));
    }
    return c.json({ status: action === 'pay' ? 'paid' : 'rejected' });
  };
}

opsWithdrawalRoutes.post('/:id{[0-9]{1,9}}/pay/', decide('pay', payWithdrawal));
opsWithdrawalRoutes.post('/:id{[0-9]{1,9}}/reject/', decide('reject', rejectWithdrawal));
