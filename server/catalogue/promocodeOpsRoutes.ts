// /ops-api/v1/promocodes/: the promo codes and a new one (audited by the service), through the same service as the CLI.
import { Hono } from 'hono';
import { opsPromocodeCreate, type OpsPromocode } from '../../src/api/schemas/ops.ts';
import { fieldErrors } from '../http/errors.ts';
import { jsonBody } from '../http/validate.ts';
import { createPromocode, listPromocodes, PROMOCODE_MAX_PERCENT } from './promocodes.ts';
import type { OpsEnv } from '../backoffice/env.ts';

export const opsPromocodeRoutes = new Hono<OpsEnv>();

opsPromocodeRoutes.get('/', async (c) => {
  const rows = await listPromocodes(c.get('db'));
  const results: OpsPromocode[] = rows.map((row) => ({
    code: row.code,
    percent: row.percent,
    usesTotal: row.usesTotal,
    usesLeft: row.usesLeft,
    email: row.email,
    expiresAt: row.expiresAt?.toISOString() ?? null,
  }));
  return c.json(results);
});

opsPromocodeRoutes.post('/', async (c) => {
  const body = await jsonBody(c, opsPromocodeCreate);
  const email = body.email?.trim() || null;
  const outcome = await createPromocode(c.get('db'), c.get('operator'), { code: body.code, percent: body.percent, uses: body.uses, email, days: body.days });
  if (!outcome.ok && outcome.reason === 'percent') {
    fieldErrors({
      percent: [
        /*i18n*/ {
          id: 'catalogue.promocode.percent',
          message: "A promo code's percent is above 0 and at most {max}.",
          values: { max: PROMOCODE_MAX_PERCENT },
        },
      ],
    });
  }
  if (!outcome.ok && outcome.reason === 'exists') {
    fieldErrors({ code: [/*i18n*/ { id: 'catalogue.promocode.exists', message: 'This promo code already exists.' }] });
  }
  if (!outcome.ok) fieldErrors({ email: [/*i18n*/ { id: 'catalogue.promocode.noUser', message: 'No user with this e-mail.' }] });
  return c.json({ code: outcome.code }, 201);
});
