// The CLI's argument reading, shared by every object's commands: options, amounts, ids, on/off. A bad argument
// throws UsageError, which the dispatcher (commands.ts) answers with exit 2 and the help.
import { parseAmount } from '../../src/domain/money.ts';

export class UsageError extends Error {}

export function usageError(message: string): never {
  throw new UsageError(message);
}

export interface Parsed {
  positional: string[];
  options: Map<string, string>;
}

export function parse(argv: string[]): Parsed {
  const positional: string[] = [];
  const options = new Map<string, string>();
  for (let index = 0; index < argv.length; index += 1) {
    const arg = argv[index]!;
    if (arg.startsWith('--')) {
      const value = argv[index + 1];
      if (value === undefined || value.startsWith('--')) throw new UsageError(`${arg} needs a value`);
      options.set(arg.slice(2), value);
      index += 1;
    } else positional.push(arg);
  }
  return { positional, options };
}

export function amount(value: string | undefined, what: string): string {
  const parsed = value === undefined ? null : parseAmount(value);
  if (parsed === null) throw new UsageError(`${what} must be a decimal number, got "${value ?? ''}"`);
  return parsed;
}

/** A decimal that may be negative (a delta). */
export function signedAmount(value: string | undefined, what: string): string {
  const negative = value?.startsWith('-') ?? false;
  const magnitude = amount(negative ? value!.slice(1) : value, what);
  return negative ? `-${magnitude}` : magnitude;
}

export function integer(value: string | undefined, what: string): number {
  const parsed = Number(value);
  if (value === undefined || !Number.isSafeInteger(parsed) || parsed <= 0)
    throw new UsageError(`${what} must be a positive integer`);
  return parsed;
}

export function onOff(value: string | undefined): boolean {
  if (value === 'on') return true;
  if (value === 'off') return false;
  throw new UsageError('say on or off');
}
