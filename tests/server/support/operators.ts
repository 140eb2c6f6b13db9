// Operators of a role, signed in to the console: the session cookie to send with /ops-api/ calls.
/* eslint-disable @typescript-eslint/no-explicit-any -- a reply body is checked by the caller's assertions */
import { CLI_ACTOR } from '../../../server/backoffice/audit.ts';
import { createOperator } from '../../../server/backoffice/operators.ts';
import { totpCode } from '../../../server/backoffice/totp.ts';
import type { OperatorRole } from '../../../src/domain/operatorRoles.ts';
import { call, type TestApp } from './app.ts';

export const OPERATOR_PASSWORD = 'operator-pass-1';

export interface SignedInOperator {
  email: string;
  /** `{ headers: { cookie } }`, the last argument of `call`. */
  as: { headers: { cookie: string } };
}

export async function signedInOperator(test: TestApp, email: string, role: OperatorRole): Promise<SignedInOperator> {
  const operator = await createOperator(test.database.db, CLI_ACTOR, email, OPERATOR_PASSWORD, role);
  const reply = await call(test, 'POST', '/ops-api/v1/auth/sign-in/', {
    email: operator.email,
    password: OPERATOR_PASSWORD,
    code: totpCode(operator.secret),
  });
  if (reply.status !== 200) throw new Error(`sign-in of ${email} answered ${reply.status}`);
  const cookie = reply.headers.getSetCookie().find((header) => header.startsWith('ops_session='))!.split(';')[0]!;
  return { email: operator.email, as: { headers: { cookie } } };
}

/** A second admin approves the change a console call just proposed (its 202 answer); the approval's answer. */
export async function approvedBy(test: TestApp, approver: SignedInOperator, proposed: { status: number; body: any }) {
  if (proposed.status !== 202) throw new Error(`expected a proposed change (202), got ${proposed.status}: ${JSON.stringify(proposed.body)}`);
  const reply = await call(test, 'POST', `/ops-api/v1/changes/${proposed.body.pendingChange}/approve/`, undefined, approver.as);
  if (reply.status !== 200) throw new Error(`approval answered ${reply.status}: ${JSON.stringify(reply.body)}`);
  return reply;
}
