// The query parameters a page's rendering reads: the home's deep link (`cur_from`, `cur_to`), a partner's referral
// code (`ref`, home and sign-up) and the mailed recovery link's `token`. Every other parameter (analytics tags,
// anything typed) leaves the rendered page as it is: the server keys its page cache on these alone, and the
// browser compares them alone to decide whether the server's rendering is still the page it shows.

export const PAGE_PARAMETERS = ['cur_from', 'cur_to', 'ref', 'token'] as const;

export type PageParameter = (typeof PAGE_PARAMETERS)[number];

/** The page parameters of a query (with or without its '?'), non-empty ones only, in PAGE_PARAMETERS' order. */
export function pageParameters(search: string): Partial<Record<PageParameter, string>> {
  const given = new URLSearchParams(search);
  const kept: Partial<Record<PageParameter, string>> = {};
  for (const name of PAGE_PARAMETERS) {
    const value = given.get(name);
    if (value) kept[name] = value;
  }
  return kept;
}

/** The same as a query string without '?' ('' when none): equal for two addresses that render the same page. */
export function pageQuery(search: string): string {
  return new URLSearchParams(pageParameters(search)).toString();
}
