// Pages for lists as the wire has them (docs/architecture.md, "The wire"): `?page&size` (plus optional
// `date_from`/`date_to`) → `{count, next, previous, results}` with absolute links on the public origin. The page
// arithmetic itself is in server/shared/paging.ts.
import type { Context } from 'hono';
import * as z from 'zod/mini';
import { dateRangeQuery, pageQuery, type Paged } from '../../src/api/schemas/common.ts';
import { pageRequest, type DateRange, type PageRequest } from '../shared/paging.ts';
import type { AppEnv } from './env.ts';
import { validate } from './validate.ts';

export const DEFAULT_PAGE_SIZE = 20;

const listQuery = z.object({ ...pageQuery.shape, ...dateRangeQuery.shape });

export function readPage(c: Context<AppEnv>): PageRequest {
  const query = validate(pageQuery, c.req.query());
  return pageRequest(query.page ?? 1, query.size ?? DEFAULT_PAGE_SIZE);
}

export function readDateRange(c: Context<AppEnv>): DateRange {
  const query = validate(listQuery, c.req.query());
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
