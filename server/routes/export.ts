// GET /export/rates.xml: every active direction in the XML format exchange-rate monitors read,
// with an ETag so monitors polling every few seconds get a 304 while nothing changed.
import { createHash } from 'node:crypto';
import Big from 'big.js';
import { Hono } from 'hono';
import { giveMaximum, giveMinimum } from '../../src/domain/money.ts';
import type { AppEnv } from '../http/env.ts';
import { dec, getCatalog, sideFields, type Catalog } from '../services/catalog.ts';

function escapeXml(value: string): string {
  return value.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** Monitors expect `in` → `out` with one side equal to 1: "1 BTC → 8 809 600 RUB" or "92 500 RUB → 1 BTC". */
function inOut(course: string): { in: string; out: string } {
  const value = new Big(course);
  if (value.gte(1)) return { in: '1', out: dec(course) };
  return { in: new Big(1).div(value).round(4, Big.roundUp).toFixed(), out: '1' };
}

export function ratesXml(catalog: Catalog): string {
  const items: string[] = [];
  for (const direction of catalog.directions) {
    const from = catalog.currencyById.get(direction.fromId)!;
    const to = catalog.currencyById.get(direction.toId)!;
    const course = dec(direction.course);
    const min = giveMinimum(
      { min: direction.fromMin, minVerification: direction.fromMinVerification, decimals: from.decimals },
      { min: direction.toMin, minVerification: direction.toMinVerification },
      course,
      false,
    );
    const max = giveMaximum({ max: direction.fromMax, decimals: from.decimals }, { max: direction.toMax }, course);
    const params: string[] = [];
    if (from.kind === 'cash' || to.kind === 'cash') params.push('manual');
    if (sideFields(catalog, from.id, 'give').some((field) => field.visible && field.check === 'card'))
      params.push('cardverify');
    if (direction.verificationCourse !== null) params.push('verifying');
    const rate = inOut(course);
    const lines = [
      `<from>${escapeXml(from.code)}</from>`,
      `<to>${escapeXml(to.code)}</to>`,
      `<in>${rate.in}</in>`,
      `<out>${rate.out}</out>`,
      `<amount>${catalog.reserves.get(to.id) ?? '0'}</amount>`,
      ...(min !== null ? [`<minamount>${dec(min)} ${escapeXml(from.unit)}</minamount>`] : []),
      ...(max !== null ? [`<maxamount>${dec(max)} ${escapeXml(from.unit)}</maxamount>`] : []),
      ...(params.length > 0 ? [`<param>${params.join(', ')}</param>`] : []),
    ];
    items.push(`  <item>\n${lines.map((line) => `    ${line}`).join('\n')}\n  </item>`);
  }
  return `<?xml version="1.0" encoding="UTF-8"?>\n<rates>\n${items.join('\n')}\n</rates>\n`;
}

const rendered = new WeakMap<Catalog, { body: string; etag: string }>();

export const exportRoutes = new Hono<AppEnv>().get('/rates.xml', async (c) => {
  const catalog = await getCatalog(c.get('db'));
  let cached = rendered.get(catalog);
  if (!cached) {
    const body = ratesXml(catalog);
    cached = { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"` };
    rendered.set(catalog, cached);
  }
  const headers = { ETag: cached.etag, 'Cache-Control': 'no-cache', 'Content-Type': 'application/xml; charset=utf-8' };
  const match = c.req.header('if-none-match');
  if (match && match.split(',').some((tag) => tag.trim().replace(/^W\//, '') === cached.etag))
    return c.body(null, 304, headers);
  return c.body(cached.body, 200, headers);
});
