// GET /api/v1/status/ (and /en/api/v1/status/): what the public /status page shows.
import { Hono } from 'hono';
import type { StatusResponse } from '../../src/api/schemas/status.ts';
import type { AppEnv } from '../http/env.ts';
import { currencyDto } from '../http/presenters.ts';
import { directionStatuses } from './service.ts';

export const statusRoutes = new Hono<AppEnv>().get('/', async (c) => {
  const locale = c.get('locale');
  const body: StatusResponse = {
    directions: (await directionStatuses(c.get('db'))).map((row) => ({
      from: currencyDto(row.from, locale),
      to: currencyDto(row.to, locale),
      offered: row.reason === null,
      reason: row.reason,
      courseChangedAt: row.courseChangedAt.toISOString(),
    })),
  };
  return c.json(body);
});
