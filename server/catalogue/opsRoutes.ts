// /ops-api/v1/directions/, reserves/, settings/: courses, limits and pause of directions; reserves with what
// open claims hold; the maintenance switch and the contest. The services audit every change in its transaction
// and announce it to every instance, as they do for the CLI.
import { Hono, type Context } from 'hono';
import {
  opsContestUpdate,
  opsDirectionUpdate,
  opsMaintenanceUpdate,
  opsReserveUpdate,
  type OpsDirection,
  type OpsReserve,
  type OpsSettings,
} from '../../src/api/schemas/ops.ts';
import { fail, fieldErrors } from '../http/errors.ts';
import { pick } from '../i18n/pick.ts';
import { jsonBody } from '../http/validate.ts';
import {
  CardVerificationUnfitError,
  contestActive,
  currencyIdOf,
  directionLines,
  FormulaCourseError,
  maintenanceSetting,
  reserveLines,
  setContestActive,
  setMaintenance,
  setReserve,
  updateDirection,
} from './operatorChanges.ts';
import type { OpsEnv } from '../backoffice/env.ts';

export const opsCatalogRoutes = new Hono<OpsEnv>();

async function reservesBody(c: Context<OpsEnv>): Promise<OpsReserve[]> {
  const rows = await reserveLines(c.get('db'));
  return rows.map((row) => ({
    code: row.code,
    name: pick(c.get('locale'), row.nameRu, row.nameEn),
    amount: row.amount,
    held: row.held,
    available: row.available,
  }));
}

opsCatalogRoutes.get('/directions/', async (c) => c.json((await directionLines(c.get('db'))) satisfies OpsDirection[]));

opsCatalogRoutes.patch('/directions/:id{[0-9]{1,9}}/', async (c) => {
  const changes = await jsonBody(c, opsDirectionUpdate);
  if (changes.course !== undefined && !/[1-9]/.test(changes.course)) {
    fieldErrors({ course: [/*i18n*/ { id: 'catalogue.course.notPositive', message: 'The rate must be above zero.' }] });
  }
  const id = Number(c.req.param('id'));
  const updated = await updateDirection(c.get('db'), c.get('operator'), id, changes).catch((error: unknown) => {
    if (error instanceof FormulaCourseError) {
      return fieldErrors({
        course: [
          /*i18n*/ {
            id: 'catalogue.course.followsFormula',
            message: 'This direction’s rate follows a formula: remove the formula first to set it by hand.',
          },
        ],
      });
    }
    if (!(error instanceof CardVerificationUnfitError)) throw error;
    return fieldErrors({
      cardVerification: [
        /*i18n*/ {
          id: 'catalogue.cardVerification.unfit',
          message: 'Card verification can be required only where the client pays from a bank card.',
        },
      ],
    });
  });
  if (!updated) fail(404, /*i18n*/ { id: 'catalogue.direction.notFound', message: 'Direction not found.' });
  return c.json(updated.after satisfies OpsDirection);
});

opsCatalogRoutes.get('/reserves/', async (c) => c.json(await reservesBody(c)));

opsCatalogRoutes.put('/reserves/:code{[A-Za-z0-9]{2,32}}/', async (c) => {
  const { amount, expected } = await jsonBody(c, opsReserveUpdate);
  const code = c.req.param('code').toUpperCase();
  const currencyId = await currencyIdOf(c.get('db'), code);
  if (currencyId === null) fail(404, /*i18n*/ { id: 'catalogue.currency.notFound', message: 'Currency not found.' });
  const outcome = await setReserve(c.get('db'), c.get('operator'), currencyId, { amount, expected });
  if (!outcome.ok && 'changed' in outcome) {
    // The amount as stored, not formatted: it is what the operator types back into the field.
    fail(
      409,
      /*i18n*/ {
        id: 'catalogue.reserve.changed',
        message: 'The reserve changed while you were editing it (it is {amount} now): check it and save again.',
        values: { amount: outcome.changed },
      },
      'reserve_changed',
    );
  }
  if (!outcome.ok) {
    fieldErrors({
      amount: [
        /*i18n*/ {
          id: 'catalogue.reserve.belowHeld',
          message: 'The reserve cannot be less than what open requests hold ({held}).',
          values: { held: outcome.held },
        },
      ],
    });
  }
  return c.json(await reservesBody(c));
});

opsCatalogRoutes.get('/settings/', async (c) => {
  const db = c.get('db');
  return c.json({ maintenance: await maintenanceSetting(db), contestActive: await contestActive(db) } satisfies OpsSettings);
});

opsCatalogRoutes.put('/settings/maintenance/', async (c) => {
  const value = await jsonBody(c, opsMaintenanceUpdate);
  const clean = { enabled: value.enabled, messageRu: value.messageRu?.trim() || null, messageEn: value.messageEn?.trim() || null };
  return c.json(await setMaintenance(c.get('db'), c.get('operator'), clean));
});

opsCatalogRoutes.put('/settings/contest/', async (c) => {
  const { active } = await jsonBody(c, opsContestUpdate);
  const switched = await setContestActive(c.get('db'), c.get('operator'), active);
  if (!switched) fail(404, /*i18n*/ { id: 'catalogue.contest.none', message: 'There is no contest.' });
  return c.json({ active });
});
