// The operator CLI's dispatcher and help: `runOps` takes the argument list and a database and answers an exit code
// (0 ok, 1 refused, 2 usage). Each business object's commands live in its folder (claims/commands.ts,
// catalogue/commands.ts, accounts/commands.ts, rates/commands.ts...); this file routes a command group to them.
import { decisionsCommand, DECISIONS_HELP } from '../accounts/commands.ts';
import type { Db } from '../db/index.ts';
import { catalogCommand, DIRECTIONS_HELP, promocodesCommand, PROMOCODES_HELP, RESERVES_HELP, switchCommand } from '../catalogue/commands.ts';
import { claimsCommand, CLAIMS_HELP } from '../claims/commands.ts';
import { parse, usageError, UsageError } from './args.ts';
import { IdentityError } from './identity.ts';
import { operatorsCommand, OperatorUsageError } from '../backoffice/commands.ts';
import { changesCommand, ChangeUsageError } from '../backoffice/changeCommands.ts';
import { RATES_HELP, ratesCommand } from '../rates/commands.ts';
import { PAYMENT_HELP, paymentCommand } from '../payments/commands.ts';
import { loadConfig, type Config } from '../config.ts';
import { DOCTOR_HELP, doctorCommand } from '../doctor/command.ts';
import { KEYS_HELP, keysCommand } from '../keys/command.ts';
import { CHAIN_HELP, chainCommand } from '../payments/chainCommands.ts';
import { EXPORT_HELP, exportCommand } from '../export/commands.ts';
import { PARTNERS_HELP, partnersCommand } from '../partners/commands.ts';
import { USERS_HELP, usersCommand } from '../accounts/userCommands.ts';
import { BACKUP_HELP, backupCommand } from '../backup/commands.ts';

export const HELP = `Operator commands: npm run ops -- <command>

  Every command that changes something needs --as <operator e-mail> (or OPS_AS=<e-mail>): an active operator,
  named in the audit row. Listing and showing need none.

${CLAIMS_HELP}
${DIRECTIONS_HELP}
${RATES_HELP}
${DOCTOR_HELP}
${KEYS_HELP}
${RESERVES_HELP}
${PAYMENT_HELP}
${CHAIN_HELP}
${EXPORT_HELP}
${PARTNERS_HELP}
${USERS_HELP}
${DECISIONS_HELP}
${PROMOCODES_HELP}
  operators create <email> --password <password> [--role admin|operator|auditor]
                                                     prints the TOTP enrolment (URI and QR code); role admin by default
  operators role <email> <admin|operator|auditor>    the last active admin cannot be demoted or disabled
  operators list
  changes list [--decided]                           changes to payment details and formulas waiting for a second admin
  changes approve|reject <id> --as <admin e-mail>    approving applies it (not by its proposer); every operator is mailed
  operators disable <email>                          also ends the operator's sessions
  operators reset-2fa <email>                        a new TOTP secret, printed like at creation
${BACKUP_HELP}

Currencies are named by code (BTC, SBERRUB, USDTTRC20...). Without DATABASE_URL the command uses the
embedded database of DATA_DIR (default ./data), the running server's or its own.`;

export interface OpsContext {
  db: Db;
  out: (line: string) => void;
  /** The installation's settings (doctor, keys); the environment's when not given. */
  serverConfig?: Config;
  /** The database's URL, for the PostgreSQL programs that backup and restore run. */
  databaseUrl?: string;
  /** The operator's e-mail (`--as`, or OPS_AS): every change is audited under this active operator. */
  operator?: string;
}

export async function runOps(argv: string[], ctx: OpsContext): Promise<number> {
  try {
    // Their options are switches (--force), which the common parser would take for options with a value.
    if (argv[0] === 'backup' || argv[0] === 'restore') {
      return await backupCommand({ ...ctx, usage: usageError }, argv[0], argv.slice(1));
    }
    const { positional, options } = parse(argv);
    const [group, ...rest] = positional;
    ctx = { ...ctx, operator: options.get('as') ?? ctx.operator };
    switch (group) {
      case undefined:
      case 'help':
        ctx.out(HELP);
        return group === undefined ? 2 : 0;
      case 'claims':
        return await claimsCommand(ctx, rest, options);
      case 'rates':
        if (rest[0] !== 'set') return await ratesCommand({ ...ctx, usage: usageError }, rest, options);
        return await catalogCommand(ctx, group, rest, options);
      case 'limits':
      case 'window':
      case 'directions':
      case 'reserves':
        return await catalogCommand(ctx, group, rest, options);
      case 'verifications':
      case 'withdrawals':
        return await decisionsCommand(ctx, group, rest, options);
      case 'promocodes':
        return await promocodesCommand(ctx, rest, options);
      case 'contest':
      case 'maintenance':
        return await switchCommand(ctx, group, rest, options);
      case 'doctor':
        return await doctorCommand(ctx, ctx.serverConfig ?? loadConfig());
      case 'keys':
        return await keysCommand({ ...ctx, usage: usageError }, ctx.serverConfig ?? loadConfig(), rest);
      case 'changes':
        return await changesCommand(ctx, rest, options);
      case 'operators':
        return await operatorsCommand(ctx, rest, options);
      case 'addresses':
      case 'accounts':
        return await paymentCommand({ ...ctx, usage: usageError }, group, rest, options);
      case 'chain':
        return await chainCommand({ ...ctx, usage: usageError }, rest);
      case 'export':
        return await exportCommand({ ...ctx, usage: usageError }, rest);
      case 'users': return await usersCommand({ ...ctx, usage: usageError }, rest, options);
      case 'partners':
        return await partnersCommand({ ...ctx, usage: usageError }, rest, options);
      default:
        throw new UsageError(`unknown command ${group}`);
    }
  } catch (error) {
    if (error instanceof IdentityError) {
      ctx.out(`refused: ${error.message}`);
      return 2;
    }
    if (!(error instanceof UsageError || error instanceof OperatorUsageError || error instanceof ChangeUsageError)) throw error;
    ctx.out(`error: ${error.message}\n\n${HELP}`);
    return 2;
  }
}
