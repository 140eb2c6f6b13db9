// Wire shapes of the console's payment details screen (/ops-api/v1/payments/): the coins' deposit address pools
// (free and used, a list to load) and the exchanger's receiving accounts for roubles (add, disable).
import * as z from 'zod/mini';

export interface OpsAddressPool {
  code: string;
  name: string;
  network: string | null;
  free: number;
  used: number;
  /** Fewer free addresses than the warning threshold (empty: new claims are refused). */
  low: boolean;
  /** The extended public key the coin's addresses are derived from instead (server/payments), or null: the pool. */
  key: OpsDepositKey | null;
}

export interface OpsDepositKey {
  /** Shortened: enough to recognise it. */
  key: string;
  nextIndex: number;
  /** Receive indexes handed out after the last one that received a payment. */
  unpaidSinceLastPaid: number;
  /** More than a wallet's usual gap limit (20): the operator's wallet may not see later deposits. */
  overGapLimit: boolean;
}

/** POST /payments/addresses/: one address a line (a pasted list fits the JSON body limit; the CLI takes files). */
export const opsAddressImport = z.strictObject({
  code: z.string().check(z.trim(), z.minLength(1), z.maxLength(32)),
  addresses: z.string().check(z.maxLength(64 * 1024)),
});
export type OpsAddressImport = z.infer<typeof opsAddressImport>;

export interface OpsAddressImported {
  loaded: number;
  skipped: number;
  free: number;
}

export interface OpsReceivingAccount {
  id: number;
  code: string;
  number: string;
  holder: string | null;
  bank: string | null;
  active: boolean;
  lastUsedAt: string | null;
}

export const opsAccountCreate = z.strictObject({
  code: z.string().check(z.trim(), z.minLength(1), z.maxLength(32)),
  number: z.string().check(z.maxLength(64)),
  holder: z.nullable(z.string().check(z.maxLength(100))),
  bank: z.nullable(z.string().check(z.maxLength(100))),
});
export type OpsAccountCreate = z.infer<typeof opsAccountCreate>;
