// /ops-api/v1/withdrawals/: partners' withdrawals of referral earnings, paid or rejected (the amount returns
// to the balance) through the same services as the CLI.
import { count, desc, eq } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import { opsWithdrawalsQuery, type OpsWithdrawal } from '../../src/api/schemas/ops.ts';
import { payWithdrawal, rejectWithdrawal } from './withdrawals.ts';
import type { Db } from '../db/index.ts';
import { withdrawals } from '../db/schema/referral.ts';
import { users } from '../db/schema/users.ts';
import { fail } from '../http/errors.ts';
import { tr } from '../i18n/texts.ts';
import { pagedBody, readPage } from '../http/paging.ts';
import { validate } from '../http/validate.ts';
import { openSecret } from '../keys/atRest.ts';
import { audited } from '../backoffice/audit.ts';
import type { OpsEnv } from '../backoffice/env.ts';

export const opsWithdrawalRoutes = new Hono<OpsEnv>();

opsWithdrawalRoutes.get('/', async (c) => {
  const query = validate(opsWithdrawalsQuery, c.req.query(), c.get('locale'));
  const page = readPage(c);
  const db = c.get('db');
  const where = eq(withdrawals.status, query.status ?? 'pending');
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: withdrawals.id,
        email: users.email,
        amount: withdrawals.amount,
        requisites: withdrawals.requisites,
        status: withdrawals.status,
        createdAt: withdrawals.createdAt,
      })
      .from(withdrawals)
      .innerJoin(users, eq(users.id, withdrawals.userId))
      .where(where)
      .orderBy(desc(withdrawals.createdAt))
      .limit(page.size)
      .offset(page.offset),
    db.select({ value: count() }).from(withdrawals).where(where),
  ]);
  const results: OpsWithdrawal[] = rows.map((row) => ({
    ...row,
    requisites: openSecret(row.requisites),
    createdAt: row.createdAt.toISOString(),
  }));
  return c.json(pagedBody(c, page, total?.value ?? 0, results));
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
