// What a list service reads: a page of a list, an optional date range, and where a page lies in the ordered rows.
// Routes fill these from the query (server/http/paging.ts); services and the CLI only do the arithmetic.

export interface PageRequest {
  page: number;
  size: number;
  offset: number;
}

/** Page `page` (from 1) of `size` rows. */
export function pageRequest(page: number, size: number): PageRequest {
  return { page, size, offset: (page - 1) * size };
}

export interface DateRange {
  /** Inclusive start (00:00 UTC of date_from). */
  from: Date | null;
  /** Exclusive end (00:00 UTC of the day after date_to). */
  to: Date | null;
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
