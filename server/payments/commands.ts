// `npm run ops -- addresses ...` and `accounts ...`: the deposit address pools of the coins and the exchanger's
// receiving accounts for roubles. Every change is audited in its transaction, like the console's.
import { readFile } from 'node:fs/promises';
import { actingOperator } from '../ops/identity.ts';
import { importAddressesAs, poolLines } from './addressPool.ts';
import { accountLines, addAccountAs, disableAccountAs } from './receivingAccounts.ts';
import { ADDRESS_KEY_HELP, addressKeyCommand, addressKeyLines } from './addressCommands.ts';
import type { OpsContext } from '../ops/commands.ts';

export const PAYMENT_HELP = `  addresses import <CODE> <file>                     load deposit addresses, one a line (checked for the network)
  addresses status                                   free and used addresses per coin, keys with their next index
${ADDRESS_KEY_HELP}
  accounts add <CODE> <number> [--holder <name>] [--bank <name>]
                                                     an account clients of this currency pay into
  accounts list
  accounts disable <id>                              given to no new claim (claims that have it keep it)`;

interface PaymentContext extends OpsContext {
  usage: (message: string) => never;
}

async function addressesCommand(ctx: PaymentContext, [action, code, file]: string[]): Promise<number> {
  const { db, out } = ctx;
  if (action === 'status') {
    for (const line of await poolLines(db)) {
      const warning = line.keyed
        ? '  derived from its key'
        : line.free === 0
          ? '  EMPTY: claims are refused'
          : line.low
            ? '  low'
            : '';
      out(
        `${line.code.padEnd(12)} ${(line.network ?? '').padEnd(8)} free ${String(line.free).padStart(6)}  used ${String(line.used).padStart(6)}${warning}`,
      );
    }
    for (const line of await addressKeyLines(db)) out(line);
    return 0;
  }
  if (action === 'xpub') {
    if (!code || !file) return ctx.usage('addresses xpub needs a currency code and a key (or none)');
    return addressKeyCommand(ctx, code, file);
  }
  if (action !== 'import') return ctx.usage(`unknown addresses action ${action ?? ''}`);
  if (!code || !file) return ctx.usage('addresses import needs a currency code and a file');
  const list = await readFile(file, 'utf8');
  const outcome = await importAddressesAs(db, await actingOperator(ctx), code, list);
  if (outcome.ok) {
    out(
      `${code.toUpperCase()}: loaded ${outcome.loaded}, skipped ${outcome.skipped} (already in a pool), free ${outcome.free}`,
    );
    return 0;
  }
  if (outcome.reason === 'unknown_currency') return ctx.usage(`unknown currency ${code}`);
  if (outcome.reason === 'invalid') {
    out(`${code.toUpperCase()}: ${outcome.badCount} line(s) are not addresses of this network; nothing loaded:`);
    for (const bad of outcome.bad) out(`  line ${bad.line}: ${bad.value} (${bad.problem})`);
    return 1;
  }
  const why = {
    not_crypto: `${code.toUpperCase()} is not paid to deposit addresses`,
    empty: 'the file has no addresses',
    too_long: 'the file has too many lines: load it in parts',
  };
  out(`${why[outcome.reason]}; nothing loaded`);
  return 1;
}

async function accountsCommand(
  ctx: PaymentContext,
  [action, first, number]: string[],
  options: Map<string, string>,
): Promise<number> {
  const { db, out } = ctx;
  if (action === 'list') {
    const lines = await accountLines(db);
    for (const line of lines) {
      const used = line.lastUsedAt ? `last used ${line.lastUsedAt.toISOString()}` : 'never used';
      out(
        `${String(line.id).padStart(4)}  ${line.code.padEnd(10)} ${line.number.padEnd(20)} ${(line.holder ?? '').padEnd(24)} ${(line.bank ?? '').padEnd(12)} ${line.active ? 'active  ' : 'disabled'}  ${used}`,
      );
    }
    out(`${lines.length} account(s)`);
    return 0;
  }
  if (action === 'add') {
    if (!first || !number) return ctx.usage('accounts add needs a currency code and a number');
    const account = { code: first, number, holder: options.get('holder') ?? null, bank: options.get('bank') ?? null };
    const outcome = await addAccountAs(db, await actingOperator(ctx), account);
    if (outcome.ok) {
      out(`account ${outcome.line.id}: ${outcome.line.code} ${outcome.line.number} added`);
      return 0;
    }
    if (outcome.reason === 'unknown_currency') return ctx.usage(`unknown currency ${first}`);
    const why =
      outcome.reason === 'invalid'
        ? `the ${outcome.field} is not valid (${outcome.problem})`
        : outcome.reason === 'duplicate'
          ? 'this account is already there'
          : `${first.toUpperCase()} is not paid into accounts`;
    out(`${why}; nothing added`);
    return 1;
  }
  if (action !== 'disable') return ctx.usage(`unknown accounts action ${action ?? ''}`);
  const id = Number(first);
  if (!Number.isSafeInteger(id) || id <= 0) return ctx.usage('accounts disable needs an account id');
  const outcome = await disableAccountAs(db, await actingOperator(ctx), id);
  if (outcome === null) {
    out(`no account ${id}`);
    return 1;
  }
  out(outcome.wasActive ? `account ${id} disabled` : `account ${id} was already disabled`);
  return 0;
}

export async function paymentCommand(
  ctx: PaymentContext,
  group: 'addresses' | 'accounts',
  rest: string[],
  options: Map<string, string>,
): Promise<number> {
  return group === 'addresses' ? addressesCommand(ctx, rest) : accountsCommand(ctx, rest, options);
}
