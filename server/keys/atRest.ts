// Sealing at the places secrets are stored and opening where they are read, under this process's DATA_KEY (a demo
// without one stores and reads them as they are). server/keys/sealedValues.ts lists every such column.
import { dataKeyring } from './dataKey.ts';
import { open, openRecord, seal, sealRecord } from './envelope.ts';

/** A client's requisites (card numbers, names, phones, wallets) as stored: every value sealed. */
export function sealRequisites(values: Record<string, string>): Record<string, string> {
  return sealRecord(dataKeyring(), values);
}

/** Stored requisites in clear, for the server's own use; what the caller may see is masked by its reader. */
export function openRequisites(stored: Record<string, string>): Record<string, string> {
  return openRecord(dataKeyring(), stored);
}

/** One secret as stored (a TOTP secret, a key, a partner's payout requisites). */
export function sealSecret(plain: string): string {
  return seal(dataKeyring(), plain);
}

export function openSecret(stored: string): string {
  return open(dataKeyring(), stored);
}
