// Wire shapes shared by the browser and the server (zod/mini keeps the browser bundle small).
import * as z from 'zod/mini';
import { isDecimal } from '../../domain/money.ts';

/** A non-negative decimal amount on the wire, e.g. "0.00153210". */
export const decimal = z.string().check(z.refine(isDecimal, { error: 'invalid_decimal' }));

export const isoDateTime = z.string();

/** A DRF-style page: `?page=1&size=20`. */
export function paged<T extends z.ZodMiniType>(item: T) {
  return z.object({
    count: z.number(),
    next: z.nullable(z.string()),
    previous: z.nullable(z.string()),
    results: z.array(item),
  });
}

export type Paged<T> = { count: number; next: string | null; previous: string | null; results: T[] };

/** Field errors `{field: ["message"]}` and/or `{detail: "message"}`, possibly nested for requisites. */
export type ErrorBody = { detail?: string; code?: string } & Record<string, unknown>;

export const detailResponse = z.object({ detail: z.string() });

export const pageQuery = z.object({
  page: z.optional(z.coerce.number().check(z.int(), z.minimum(1))),
  size: z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100))),
});

export const dateRangeQuery = z.object({
  date_from: z.optional(z.iso.date()),
  date_to: z.optional(z.iso.date()),
});
