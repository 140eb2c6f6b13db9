// What every chain adapter answers: the transfers to the watched addresses it can see now, and the payout
// transaction an operator recorded. Amounts are decimal strings in whole coins of the watched currency.
import type { WatchedCurrency } from './config.ts';

/** A watched currency with the confirmations its deposits need now (the operator's setting or the default). */
export interface Asset extends WatchedCurrency {
  required: number;
}

export interface WatchedAddress {
  address: string;
  currencyCode: string;
  currency: Asset;
}

export interface SeenTransfer {
  address: string;
  currencyCode: string;
  txHash: string;
  /** vout n, log index, or 0 where a transaction pays one address once (ether, TRC-20). */
  outputIndex: number;
  amount: string;
  confirmations: number;
  blockHeight: number | null;
  blockHash: string | null;
}

export interface DepositScan {
  transfers: SeenTransfer[];
  /**
   * Where an absent transfer counts as gone from the chain: null when the answer lists every transfer of each
   * watched address (Esplora, TronGrid), else the lowest block height the scan read again (Ethereum): a stored
   * deposit at or above it (or still in the mempool) that the scan no longer sees was dropped.
   */
  coveredFromHeight: number | null;
  /** Highest block read, kept for the next scan (scanning adapters only). */
  scannedHeight: number | null;
  /** The chain's tip, for the confirmations of stored deposits below the re-read range (scanning adapters only). */
  tip?: number;
}

export interface PayoutSighting {
  found: boolean;
  /** What the transaction pays `address` in the currency ("0" when nothing). */
  amount: string;
  confirmations: number;
}

export interface ChainAdapter {
  /** `scannedHeight`: what the last scan of this chain read (null the first time). */
  scanDeposits(watched: WatchedAddress[], scannedHeight: number | null): Promise<DepositScan>;
  checkPayout(txHash: string, address: string, currency: Asset): Promise<PayoutSighting>;
}
