// The operator of the session, as Hono context variables of the back-office API (set by requireOperator).
// Declared on Hono's ContextVariableMap so ops routes keep the app's AppEnv and its helpers (validation,
// client address) as they are.
import type { SessionOperator } from './sessions.ts';

declare module 'hono' {
  interface ContextVariableMap {
    operator: SessionOperator;
    /** The session cookie's token (sign-out revokes it). */
    sessionToken: string;
  }
}

export type { AppEnv as OpsEnv } from '../http/env.ts';
