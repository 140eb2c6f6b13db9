// GET /api/v1/calculator/...: what can be exchanged, at which course, within which limits (read-only, cached).
import { Hono, type Context } from 'hono';
import type {
  CourseResponse,
  DirectionsResponse,
  PairResponse,
  Reserve,
  TechResponse,
} from '../../src/api/schemas/calculator.ts';
import type { AppEnv } from '../http/env.ts';
import { fail } from '../http/errors.ts';
import { pick } from '../i18n/pick.ts';
import { dec, decOrNull, getCatalog, giveOptions, pairKey, receiveOptions, type Catalog } from './catalog.ts';
import { currencyDto, pairSideDto } from '../http/presenters.ts';
import { publicSettings } from './publicSettings.ts';

function id(c: Context<AppEnv>, name: string): number {
  const raw = c.req.param(name) ?? '';
  const value = /^\d{1,9}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(value) || value <= 0) fail(404, /*i18n*/ { id: 'http.notFound', message: 'Not found.' });
  return value;
}

function directionOf(c: Context<AppEnv>, catalog: Catalog) {
  const direction = catalog.directionByPair.get(pairKey(id(c, 'from'), id(c, 'to')));
  if (!direction) {
    fail(404, /*i18n*/ { id: 'catalogue.direction.unknown', message: 'This exchange direction does not exist.' });
  }
  return direction;
}

export const calculatorRoutes = new Hono<AppEnv>()
  .get('/', async (c) => {
    const catalog = await getCatalog(c.get('db'));
    const locale = c.get('locale');
    const givers = giveOptions(catalog);
    const body: DirectionsResponse = {
      currencies: catalog.currencies.map((row) => currencyDto(row, locale)),
      directions: givers.map((row) => ({ id: row.id, ids: receiveOptions(catalog, row.id).map((to) => to.id) })),
    };
    return c.json(body);
  })
  .get('/from/', async (c) => {
    const catalog = await getCatalog(c.get('db'));
    return c.json(giveOptions(catalog).map((row) => currencyDto(row, c.get('locale'))));
  })
  .get('/from/:from/', async (c) => {
    const catalog = await getCatalog(c.get('db'));
    const fromId = id(c, 'from');
    if (!catalog.currencyById.has(fromId))
      fail(404, /*i18n*/ { id: 'catalogue.currency.notFound', message: 'Currency not found.' });
    return c.json(receiveOptions(catalog, fromId).map((row) => currencyDto(row, c.get('locale'))));
  })
  .get('/pair/:from/:to/', async (c) => {
    const catalog = await getCatalog(c.get('db'));
    const direction = directionOf(c, catalog);
    const locale = c.get('locale');
    const body: PairResponse = {
      course: dec(direction.course),
      verificationCourse: decOrNull(direction.verificationCourse),
      bonus: dec(direction.bonus),
      reserve: catalog.reserves.get(direction.toId) ?? '0',
      from: pairSideDto(catalog, direction, 'from', locale),
      to: pairSideDto(catalog, direction, 'to', locale),
      updatedAt: direction.updatedAt.toISOString(),
    };
    return c.json(body);
  })
  .get('/course/:from/:to/', async (c) => {
    const catalog = await getCatalog(c.get('db'));
    const direction = directionOf(c, catalog);
    const body: CourseResponse = {
      course: dec(direction.course),
      verificationCourse: decOrNull(direction.verificationCourse),
      updatedAt: direction.updatedAt.toISOString(),
    };
    return c.json(body);
  })
  .get('/reserves/', async (c) => {
    const catalog = await getCatalog(c.get('db'));
    const body: Reserve[] = catalog.currencies.map((row) => ({
      id: row.id,
      currency: currencyDto(row, c.get('locale')),
      amount: catalog.reserves.get(row.id) ?? '0',
    }));
    return c.json(body);
  })
  .get('/tech/', async (c) => {
    const { maintenance } = await getCatalog(c.get('db'));
    const body: TechResponse = {
      maintenance: maintenance.enabled,
      message: maintenance.enabled ? pick(c.get('locale'), maintenance.messageRu, maintenance.messageEn) : null,
    };
    return c.json(body);
  })
  .get('/settings/', async (c) => {
    const catalog = await getCatalog(c.get('db'));
    const body = publicSettings(catalog, c.get('config'), c.get('locale'), {
      curFrom: c.req.query('cur_from'),
      curTo: c.req.query('cur_to'),
    });
    return c.json(body);
  });
