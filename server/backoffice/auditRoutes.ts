// /ops-api/v1/audit/: the audit log, newest first, filterable by action, operator, target and date. Read-only:
// the API has no route that changes or deletes a row.
import { and, count, desc, eq, gte, ilike, lt } from 'drizzle-orm';
import { Hono } from 'hono';
import { opsAuditQuery, type OpsAuditRow } from '../../src/api/schemas/ops.ts';
import { auditLog } from '../db/schema/operators.ts';
import { pagedBody, readPage } from '../http/paging.ts';
import { validate } from '../http/validate.ts';
import type { OpsEnv } from './env.ts';

export const opsAuditRoutes = new Hono<OpsEnv>();

const DAY_MS = 86_400_000;

opsAuditRoutes.get('/', async (c) => {
  const query = validate(opsAuditQuery, c.req.query(), c.get('locale'));
  const page = readPage(c);
  const db = c.get('db');
  const where = and(
    query.action ? eq(auditLog.action, query.action) : undefined,
    query.actor ? ilike(auditLog.actor, `%${query.actor.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`) : undefined,
    query.target ? eq(auditLog.target, query.target) : undefined,
    query.date_from ? gte(auditLog.at, new Date(`${query.date_from}T00:00:00Z`)) : undefined,
    query.date_to ? lt(auditLog.at, new Date(new Date(`${query.date_to}T00:00:00Z`).getTime() + DAY_MS)) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db.select().from(auditLog).where(where).orderBy(desc(auditLog.id)).limit(page.size).offset(page.offset),
    db.select({ value: count() }).from(auditLog).where(where),
  ]);
  const results: OpsAuditRow[] = rows.map((row) => ({
    id: row.id,
    at: row.at.toISOString(),
    actor: row.actor,
    action: row.action,
    target: row.target,
    before: row.before,
    after: row.after,
  }));
  return c.json(pagedBody(c, page, total?.value ?? 0, results));
});
