// `npm run ops -- operators ...`: back-office accounts. Creating one (or resetting its second factor) prints the
// TOTP enrolment once: the otpauth:// URI and the same as a QR code for the authenticator app.
import QRCode from 'qrcode';
import { actingOperator } from '../ops/identity.ts';
import {
  createOperator,
  disableOperator,
  listOperators,
  OperatorError,
  resetTwoFactor,
  setOperatorRole,
  type Enrolment,
} from './operators.ts';
import type { OpsContext } from '../ops/commands.ts';
import { isOperatorRole, OPERATOR_ROLES, type OperatorRole } from '../../src/domain/operatorRoles.ts';

export class OperatorUsageError extends Error {}

async function printEnrolment(ctx: OpsContext, enrolment: Enrolment): Promise<void> {
  ctx.out(`TOTP enrolment for ${enrolment.email} (scan with an authenticator app; shown only now):`);
  ctx.out(enrolment.uri);
  ctx.out(await QRCode.toString(enrolment.uri, { type: 'terminal', small: true }));
}

function roleFrom(value: string): OperatorRole {
  if (!isOperatorRole(value)) throw new OperatorUsageError(`a role is one of ${OPERATOR_ROLES.join(', ')}, not "${value}"`);
  return value;
}

export async function operatorsCommand(
  ctx: OpsContext,
  [action, email, roleArgument]: string[],
  options: Map<string, string>,
): Promise<number> {
  const { db, out } = ctx;
  if (action === 'list') {
    const rows = await listOperators(db);
    for (const row of rows) {
      const seen = row.lastSignInAt ? `last sign-in ${row.lastSignInAt.toISOString()}` : 'never signed in';
      out(`${row.email.padEnd(32)} ${row.role.padEnd(8)} ${row.disabled ? 'disabled' : 'active  '}  ${seen}`);
    }
    out(`${rows.length} operator(s)`);
    return 0;
  }
  if (!email) throw new OperatorUsageError(`operators ${action ?? '<action>'} needs an e-mail`);
  try {
    if (action === 'create') {
      const password = options.get('password');
      if (!password) throw new OperatorUsageError('operators create <email> --password <password> [--role admin|operator|auditor]');
      const role = roleFrom(options.get('role') ?? 'admin');
      await printEnrolment(ctx, await createOperator(db, await actingOperator(ctx, { bootstrap: true }), email, password, role));
      return 0;
    }
    if (action === 'role') {
      const role = roleFrom(roleArgument ?? '');
      const done = await setOperatorRole(db, await actingOperator(ctx), email, role);
      out(done ? `operator ${email} is now ${role}` : `no operator ${email}`);
      return done ? 0 : 1;
    }
    if (action === 'disable') {
      const done = await disableOperator(db, await actingOperator(ctx), email);
      out(done ? `operator ${email} disabled, sessions ended` : `no operator ${email}`);
      return done ? 0 : 1;
    }
    if (action === 'reset-2fa') {
      const enrolment = await resetTwoFactor(db, await actingOperator(ctx), email);
      if (!enrolment) {
        out(`no operator ${email}`);
        return 1;
      }
      await printEnrolment(ctx, enrolment);
      return 0;
    }
  } catch (error) {
    if (!(error instanceof OperatorError)) throw error;
    out(`refused: ${error.message}`);
    return 1;
  }
  throw new OperatorUsageError(`unknown operators action ${action ?? ''}`);
}
