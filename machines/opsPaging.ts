// The filter form and page of a console list, shared by the list screens (opsList) and the claims queue
// (opsQueue): filters typed in the form are a draft applied on submit; filters chosen at once (a tab, a status
// button) apply at once and show in the form too; new filters start again from the first page.
import { assign, type EventObject } from 'xstate';

export interface OpsPagingQuery<Filters extends object> {
  filters: Filters;
  page: number;
}

export interface OpsPagingContext<Filters extends object> {
  /** What the form shows, typed but not applied yet. */
  draft: Filters;
  /** What the shown page was asked with. */
  query: OpsPagingQuery<Filters>;
}

export type OpsPagingEvent<Filters extends object> =
  | { type: 'draft.changed'; name: keyof Filters & string; value: string }
  | { type: 'draft.applied' }
  | { type: 'filters.changed'; filters: Partial<Filters> }
  | { type: 'page.changed'; page: number };

/** How a list starts: the form shows `filters`, and the first page is asked with them (each its own copy). */
export function opsPagingStart<Filters extends object>(filters: Filters): OpsPagingContext<Filters> {
  return { draft: { ...filters }, query: { filters: { ...filters }, page: 1 } };
}

/**
 * The named actions of the filter form and page, for a machine's `setup` to spread into its own. Typed by the
 * machine's own context and events, which its actions must take exactly.
 */
export function opsPagingActions<
  Filters extends object,
  Context extends OpsPagingContext<Filters>,
  Event extends EventObject,
>() {
  // The machine's context extends the paging part, so a change of that part is a change of the context
  // (TypeScript does not carry that through the generic).
  const change = (part: Partial<OpsPagingContext<Filters>>) => part as Partial<Context>;
  return {
    editDraft: assign<Context, Event, { name: keyof Filters; value: string }, Event, never>(({ context }, params) =>
      change({ draft: { ...context.draft, [params.name]: params.value } }),
    ),
    /** The form's filters, from the first page. */
    applyDraft: assign<Context, Event, undefined, Event, never>(({ context }) =>
      change({ query: { filters: { ...context.draft }, page: 1 } }),
    ),
    /** Filters chosen at once: applied from the first page, and the form shows them too. */
    applyFilters: assign<Context, Event, { filters: Partial<Filters> }, Event, never>(({ context }, params) =>
      change({
        draft: { ...context.draft, ...params.filters },
        query: { filters: { ...context.query.filters, ...params.filters }, page: 1 },
      }),
    ),
    /** Never a page before the first. */
    goToPage: assign<Context, Event, { page: number }, Event, never>(({ context }, params) =>
      change({ query: { ...context.query, page: Math.max(1, params.page) } }),
    ),
  };
}
