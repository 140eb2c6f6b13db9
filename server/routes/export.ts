// GET /export/rates.xml: every direction a client can use now, in the XML format exchange-rate monitors read,
// with an ETag and Last-Modified so monitors polling every few seconds get a 304 while nothing changed.
import { createHash } from 'node:crypto';
import Big from 'big.js';
import { Hono } from 'hono';
import { compare, giveMaximum, giveMinimum, isPositive } from '../../src/domain/money.ts';
import type { AppEnv } from '../http/env.ts';
import { dec, getCatalog, type Catalog } from '../services/catalog.ts';

function escapeXml(value: string): string {
  return value.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** Monitors expect `in` → `out` with one side equal to 1: "1 BTC → 8 809 600 RUB" or "92 500 RUB → 1 BTC". */
function inOut(course: string): { in: string; out: string } {
  const value = new Big(course);
  if (value.gte(1)) return { in: '1', out: dec(course) };
  return { in: new Big(1).div(value).round(4, Big.roundUp).toFixed(), out: '1' };
}

/**
 * The monitor's view of what can be exchanged right now: nothing during maintenance, and no direction a client
 * could not actually use (no reserve left to pay out, limits that exclude every amount; paused ones are not in
 * the catalogue). `<amount>` is the available reserve (open claims' holds taken off).
 */
export function ratesXml(catalog: Catalog): string {
  const items: string[] = [];
  for (const direction of catalog.maintenance.enabled ? [] : catalog.directions) {
    const from = catalog.currencyById.get(direction.fromId)!;
    const to = catalog.currencyById.get(direction.toId)!;
    const available = catalog.reserves.get(to.id) ?? '0';
    if (!isPositive(available)) continue;
    const course = dec(direction.course);
    const min = giveMinimum(
      { min: direction.fromMin, minVerification: direction.fromMinVerification, decimals: from.decimals },
      { min: direction.toMin, minVerification: direction.toMinVerification },
      course,
      false,
    );
    const max = giveMaximum({ max: direction.fromMax, decimals: from.decimals }, { max: direction.toMax }, course);
    if (min !== null && max !== null && compare(min, max) > 0) continue;
    // Every claim is paid out by an operator (no automatic payouts), so every direction is manual. `cardverify`
    // is exactly the directions whose payout waits for a verified sender card (the move to payout enforces it).
    const params = ['manual'];
    if (direction.cardVerification) params.push('cardverify');
    if (direction.verificationCourse !== null) params.push('verifying');
    const city = [from, to].find((currency) => currency.kind === 'cash' && currency.city !== null)?.city;
    const rate = inOut(course);
    const lines = [
      `<from>${escapeXml(from.code)}</from>`,
      `<to>${escapeXml(to.code)}</to>`,
      `<in>${rate.in}</in>`,
      `<out>${rate.out}</out>`,
      `<amount>${available}</amount>`,
      ...(min !== null ? [`<minamount>${dec(min)} ${escapeXml(from.unit)}</minamount>`] : []),
      ...(max !== null ? [`<maxamount>${dec(max)} ${escapeXml(from.unit)}</maxamount>`] : []),
      `<param>${params.join(', ')}</param>`,
      ...(city ? [`<city>${escapeXml(city)}</city>`] : []),
    ];
    items.push(`  <item>\n${lines.map((line) => `    ${line}`).join('\n')}\n  </item>`);
  }
  return `<?xml version="1.0" encoding="UTF-8"?>\n<rates>\n${items.join('\n')}${items.length > 0 ? '\n' : ''}</rates>\n`;
}

const rendered = new WeakMap<Catalog, { body: string; etag: string; lastModified: string }>();

/** A conditional GET that the current version satisfies: If-None-Match first, If-Modified-Since without it. */
function unchanged(
  ifNoneMatch: string | undefined,
  ifModifiedSince: string | undefined,
  etag: string,
  changedAt: Date,
) {
  if (ifNoneMatch) return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
  const since = ifModifiedSince ? Date.parse(ifModifiedSince) : NaN;
  return !Number.isNaN(since) && Math.floor(changedAt.getTime() / 1000) * 1000 <= since;
}

export const exportRoutes = new Hono<AppEnv>().get('/rates.xml', async (c) => {
  const catalog = await getCatalog(c.get('db'));
  let cached = rendered.get(catalog);
  if (!cached) {
    const body = ratesXml(catalog);
    cached = {
      body,
      etag: `"${createHash('sha1').update(body).digest('base64url')}"`,
      lastModified: catalog.changedAt.toUTCString(),
    };
    rendered.set(catalog, cached);
  }
  const headers = {
    ETag: cached.etag,
    'Last-Modified': cached.lastModified,
    'Cache-Control': 'no-cache',
    'Content-Type': 'application/xml; charset=utf-8',
  };
  if (unchanged(c.req.header('if-none-match'), c.req.header('if-modified-since'), cached.etag, catalog.changedAt))
    return c.body(null, 304, headers);
  return c.body(cached.body, 200, headers);
});
