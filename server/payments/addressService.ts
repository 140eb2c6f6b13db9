// Deposit addresses from extended public keys, the only way in: setting a coin's key (checked, audited), taking a
// claim's address inside its creating transaction, the keys with their wallet gap for the console, the doctor and
// the metrics, and the limit of open unpaid claims per e-mail and per client address.
import type { Config } from '../config.ts';
import type { Db } from '../db/index.ts';
import { log } from '../log.ts';
import { audited, type Actor } from '../backoffice/audit.ts';
import { DomainError } from '../shared/errors.ts';
import { getCatalog } from '../catalogue/catalog.ts';
import { addressCheckOf } from './paymentRoute.ts';
import {
  assignKey,
  currentKeyOf,
  insertDerivedAddress,
  keyIdOf,
  keyRows,
  lockClaimant,
  openUnpaidClaims,
  takeKeyIndex,
  type OpenClaims,
} from './addressQueries.ts';
import { deriveAddress, isKeyNetwork, keyProblem, type KeyNetwork, type KeyProblem } from './derivation.ts';

/**
 * A wallet stops looking for deposits after this many unused addresses in a row (BIP44's gap limit), so more
 * handed-out addresses without a payment since the last paid one may hide a later deposit from the operator's wallet.
 */
export const WALLET_GAP_LIMIT = 20;

export type SetKeyOutcome =
  | { ok: true; code: string; network: KeyNetwork; nextIndex: number; firstAddress: string | null }
  | { ok: false; reason: 'unknown_currency' | 'not_crypto' | 'unsupported' }
  | { ok: false; reason: 'invalid'; network: KeyNetwork; problem: KeyProblem };

/** A key as shown: enough to recognise it, not the whole (an extended public key reveals every balance). */
export function shortKey(key: string): string {
  return key.length > 24 ? `${key.slice(0, 12)}…${key.slice(-8)}` : key;
}

/**
 * Sets the key `code`'s claims are paid to (`none` removes it: back to the imported pool), as `actor`, audited.
 * A key already used on the coin's network keeps its next index, so setting it again never reuses an address.
 */
export async function setDepositKeyAs(db: Db, actor: Actor, code: string, key: string): Promise<SetKeyOutcome> {
  const catalog = await getCatalog(db);
  const currency = catalog.currencyByCode.get(code.toUpperCase());
  if (!currency) return { ok: false, reason: 'unknown_currency' };
  if (currency.kind !== 'crypto') return { ok: false, reason: 'not_crypto' };
  const network = addressCheckOf(catalog, currency.id);
  if (!isKeyNetwork(network)) return { ok: false, reason: 'unsupported' };
  const given = key.trim();
  const removing = given.toLowerCase() === 'none';
  const problem = removing ? null : keyProblem(network, given);
  if (problem !== null) return { ok: false, reason: 'invalid', network, problem };
  return audited(db, actor, async (tx) => {
    const before = await currentKeyOf(tx, currency.id);
    const keyId = removing ? null : await keyIdOf(tx, network, given);
    await assignKey(tx, currency.id, keyId);
    const after = removing ? null : await currentKeyOf(tx, currency.id);
    const result: SetKeyOutcome = {
      ok: true,
      code: currency.code,
      network,
      nextIndex: after?.nextIndex ?? 0,
      firstAddress: after ? deriveAddress(network, after.extendedKey, after.nextIndex) : null,
    };
    const unchanged = before?.keyId === after?.keyId;
    return {
      result,
      audit: unchanged
        ? null
        : {
            action: 'addresses.xpub',
            target: currency.code,
            before: before && { key: before.extendedKey, nextIndex: before.nextIndex },
            after: after && { key: after.extendedKey, nextIndex: after.nextIndex },
          },
    };
  });
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * The deposit address a new claim of `currencyId` is given when the coin has a key: the next receive index is
 * taken and its address stored in the claim's transaction (the creating statement then gives it to the claim).
 * Null when the coin has no key: the claim takes an address from the imported pool.
 */
export async function takeDerivedAddress(tx: Tx, currencyId: number): Promise<number | null> {
  // An address already in a pool of the network (imported by hand) is skipped, its index burned.
  for (;;) {
    const taken = await takeKeyIndex(tx, currencyId);
    if (!taken || !isKeyNetwork(taken.network)) return null;
    const address = deriveAddress(taken.network, taken.extendedKey, taken.index);
    const id = await insertDerivedAddress(tx, { currencyId, ...taken, address });
    if (id !== null) return id;
    log.warn(`deposit key index ${taken.index} of ${taken.network} derives an address already in a pool; skipped`);
  }
}

export interface KeyGap {
  code: string;
  network: string;
  /** The key as shown (shortKey). */
  key: string;
  nextIndex: number;
  lastPaidIndex: number | null;
  /** Indexes handed out (or burned) after the last paid one: what the operator's wallet must look past. */
  unpaidSinceLastPaid: number;
  /** Beyond WALLET_GAP_LIMIT: the wallet may not see a deposit until its gap limit is raised. */
  overGapLimit: boolean;
}

/**
 * Every coin set to a key with its next index and wallet gap, for the console's payment-details screen, the
 * doctor and the metrics; `overGapLimit` is the warning.
 */
export async function depositKeyGaps(db: Db): Promise<KeyGap[]> {
  return (await keyRows(db)).map((row) => {
    const unpaid = row.nextIndex - 1 - (row.lastPaidIndex ?? -1);
    return {
      code: row.code,
      network: row.network,
      key: shortKey(row.extendedKey),
      nextIndex: row.nextIndex,
      lastPaidIndex: row.lastPaidIndex,
      unpaidSinceLastPaid: unpaid,
      overGapLimit: unpaid > WALLET_GAP_LIMIT,
    };
  });
}

/** How many open unpaid claims one claimant may hold, scaled like every limit (RATE_LIMIT_SCALE; 0 = off). */
function limitOf(base: number, scale: number): number {
  return base === 0 || scale === 0 ? 0 : Math.max(1, Math.round(base * scale));
}

function refuseOpenClaims(open: OpenClaims, limit: number): never {
  const seconds = open.firstDeadline
    ? Math.max(1, Math.ceil((open.firstDeadline.getTime() - Date.now()) / 1000))
    : 60;
  const minutes = Math.ceil(seconds / 60);
  throw new DomainError(
    'throttled',
    {
      detail: /*i18n*/ {
        id: 'payments.openClaims.tooMany',
        message:
          'You already have {count} unpaid requests, the most allowed. Pay or cancel one of them, or create a new one in {minutes} min, when the earliest one expires.',
        values: { count: limit, minutes },
      },
      code: 'too_many_open_claims',
    },
    seconds,
  );
}

/**
 * Refuses a new claim (429, with when to retry) while the e-mail or the client address already holds the most open
 * unpaid claims allowed, so no stranger can hold a coin's addresses or a reserve. Called in the creating
 * transaction: the claimant stays locked until it commits, so claims made at once are counted one after another.
 */
export async function refuseOverOpenClaimLimits(
  tx: Tx,
  config: Pick<Config, 'rateLimitScale' | 'openClaims'>,
  claimant: { email: string; clientIp: string | null },
): Promise<void> {
  const perEmail = limitOf(config.openClaims.perEmail, config.rateLimitScale);
  const perIp = claimant.clientIp === null ? 0 : limitOf(config.openClaims.perClient, config.rateLimitScale);
  if (perEmail === 0 && perIp === 0) return;
  await lockClaimant(tx, [
    ...(perEmail > 0 ? [`open-claims|email|${claimant.email}`] : []),
    ...(perIp > 0 ? [`open-claims|ip|${claimant.clientIp}`] : []),
  ]);
  if (perEmail > 0) {
    const open = await openUnpaidClaims(tx, 'email', claimant.email);
    if (open.count >= perEmail) refuseOpenClaims(open, perEmail);
  }
  if (perIp > 0 && claimant.clientIp !== null) {
    const open = await openUnpaidClaims(tx, 'clientIp', claimant.clientIp);
    if (open.count >= perIp) refuseOpenClaims(open, perIp);
  }
}
