// Wire shapes of the console's users (/ops-api/v1/users/): find an account by its e-mail, block it (with a reason),
// unblock it, or end its sessions.
import * as z from 'zod/mini';
import { pageQuery } from './common.ts';

export interface OpsUser {
  id: number;
  email: string;
  activated: boolean;
  verified: boolean;
  createdAt: string;
  /** When an operator blocked it; null while it may sign in. */
  blockedAt: string | null;
  /** The operator's reason for the block (staff only). */
  blockReason: string | null;
  /** Sign-ins still open. */
  liveSessions: number;
}

/** The answer to a decision: the user as it stands now, and how many sign-ins it ended. */
export interface OpsUserDecided {
  user: OpsUser;
  sessionsEnded: number;
}

export const opsUsersQuery = z.object({
  ...pageQuery.shape,
  /** Part of the e-mail. */
  q: z.optional(z.string().check(z.maxLength(254))),
  /** 1: only blocked accounts. */
  blocked: z.optional(z.enum(['0', '1'])),
});
