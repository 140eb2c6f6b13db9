// Wire shapes of four-eyes changes (/ops-api/v1/changes/): a change to where clients pay or to a formula waits
// for a second admin.
import * as z from 'zod/mini';

/** The answer (202) to a change that now waits for a second admin. */
export interface OpsChangeProposed {
  pendingChange: number;
  detail: string;
}

export interface OpsPendingChange {
  id: number;
  kind: string;
  target: string;
  before: unknown;
  after: unknown;
  proposedBy: string;
  proposedAt: string;
  decidedBy: string | null;
  decidedAt: string | null;
  decision: 'approved' | 'rejected' | null;
}

export const opsChangesQuery = z.object({
  decided: z.optional(z.enum(['0', '1'])),
});
