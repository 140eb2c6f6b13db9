// DRF-style pages for lists: `?page&size` (plus optional `date_from`/`date_to`) → `{count, next, previous,
// results}` with absolute links on the public origin, and the window a page reads from an index (pageWindow).
import type { Context } from 'hono';
import * as z from 'zod/mini';
import { dateRangeQuery, pageQuery, type Paged } from '../../src/api/schemas/common.ts';
import type { AppEnv } from './env.ts';
import { validate } from './validate.ts';

export const DEFAULT_PAGE_SIZE = 20;

export interface PageRequest {
  page: number;
  size: number;
  offset: number;
}

export interface DateRange {
  /** Inclusive start (00:00 UTC of date_from). */
  from: Date | null;
  /** Exclusive end (00:00 UTC of the day after date_to). */
  to: Date | null;
}

const listQuery = z.object({ ...pageQuery.shape, ...dateRangeQuery.shape });

export function readPage(c: Context<AppEnv>): PageRequest {
  const query = validate(pageQuery, c.req.query(), c.get('locale'));
  const page = query.page ?? 1;
  const size = query.size ?? DEFAULT_PAGE_SIZE;
  return { page, size, offset: (page - 1) * size };
}

export function readDateRange(c: Context<AppEnv>): DateRange {
  const query = validate(listQuery, c.req.query(), c.get('locale'));
  const from = query.date_from ? new Date(`${query.date_from}T00:00:00Z`) : null;
  const to = query.date_to ? new Date(new Date(`${query.date_to}T00:00:00Z`).getTime() + 24 * 60 * 60 * 1000) : null;
  return { from, to };
}

function pageLink(c: Context<AppEnv>, page: number): string {
  const url = new URL(c.req.url);
  url.searchParams.set('page', String(page));
  return `${c.get('config').publicUrl}${url.pathname}${url.search}`;
}

export function pagedBody<T>(c: Context<AppEnv>, request: PageRequest, count: number, results: T[]): Paged<T> {
  const hasNext = request.offset + results.length < count;
  return {
    count,
    next: hasNext ? pageLink(c, request.page + 1) : null,
    previous: request.page > 1 ? pageLink(c, request.page - 1) : null,
    results,
  };
}

/**
 * Where a page lies in an ordered list of `count` rows, read from the nearer end: a page past the middle is read
 * in the reverse order (then flipped), so a jump to the last pages skips a few index entries, not the whole list.
 * `skip` and `take` are the OFFSET and LIMIT in that direction; `take` 0 means the page is past the end.
 */
export interface PageWindow {
  reversed: boolean;
  skip: number;
  take: number;
}

export function pageWindow(request: PageRequest, count: number): PageWindow {
  const take = Math.max(0, Math.min(request.size, count - request.offset));
  const fromEnd = count - request.offset - take;
  if (take > 0 && fromEnd < request.offset) return { reversed: true, skip: fromEnd, take };
  return { reversed: false, skip: request.offset, take };
}
