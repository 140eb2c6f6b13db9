// /ops-api/v1/audit/: the audit log, newest first, filterable by action, operator, target and date. Read-only:
// the API has no route that changes or deletes a row.
import { Hono } from 'hono';
import { opsAuditQuery } from '../../src/api/schemas/ops.ts';
import { pagedBody, readPage } from '../http/paging.ts';
import { validate } from '../http/validate.ts';
import { auditPage } from './audit.ts';
import type { OpsEnv } from './env.ts';

export const opsAuditRoutes = new Hono<OpsEnv>();

opsAuditRoutes.get('/', async (c) => {
  const query = validate(opsAuditQuery, c.req.query());
  const page = readPage(c);
  const { count, rows } = await auditPage(c.get('db'), query, page);
  return c.json(pagedBody(c, page, count, rows));
});
