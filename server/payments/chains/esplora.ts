// Bitcoin and Litecoin through the Esplora REST API (mempool.space, litecoinspace.org, a self-hosted electrs):
// GET /blocks/tip/height, then GET /address/{address}/txs per watched address (its mempool transactions and its
// newest confirmed ones: a deposit address receives a handful at most). Each output paying the address is one
// transfer, in satoshi; confirmations = tip - block_height + 1, 0 in the mempool.
import type { Asset, ChainAdapter, DepositScan, PayoutSighting, SeenTransfer, WatchedAddress } from './adapter.ts';
import { ChainApiError, fetchJson, fetchText, fromBaseUnits, inParallel } from './http.ts';

interface EsploraTx {
  txid: string;
  vout: { scriptpubkey_address?: string; value: number }[];
  status: { confirmed: boolean; block_height?: number; block_hash?: string };
}

function isTx(value: unknown): value is EsploraTx {
  const tx = value as EsploraTx;
  return (
    typeof tx === 'object' &&
    tx !== null &&
    typeof tx.txid === 'string' &&
    Array.isArray(tx.vout) &&
    tx.vout.every((out) => Number.isSafeInteger(out.value) && out.value >= 0) &&
    typeof tx.status === 'object' &&
    tx.status !== null &&
    (!tx.status.confirmed || Number.isSafeInteger(tx.status.block_height))
  );
}

function confirmationsOf(tx: EsploraTx, tip: number): number {
  return tx.status.confirmed ? Math.max(tip - tx.status.block_height! + 1, 0) : 0;
}

export function esploraAdapter(baseUrl: string, timeoutMs: number, concurrency: number): ChainAdapter {
  const tipHeight = async (): Promise<number> => {
    const text = (await fetchText(`${baseUrl}/blocks/tip/height`, timeoutMs)).trim();
    if (!/^\d+$/.test(text)) throw new ChainApiError(`tip height "${text.slice(0, 40)}" is not a number`);
    return Number(text);
  };

  return {
    async scanDeposits(watched: WatchedAddress[]): Promise<DepositScan> {
      if (watched.length === 0) return { transfers: [], coveredFromHeight: null, scannedHeight: null };
      const tip = await tipHeight();
      const perAddress = await inParallel(watched, concurrency, async (entry): Promise<SeenTransfer[]> => {
        const body = await fetchJson(`${baseUrl}/address/${encodeURIComponent(entry.address)}/txs`, timeoutMs);
        if (!Array.isArray(body) || !body.every(isTx))
          throw new ChainApiError(`unexpected answer for ${entry.address}`);
        return body.flatMap((tx) =>
          tx.vout.flatMap((out, index) =>
            out.scriptpubkey_address === entry.address && out.value > 0
              ? [
                  {
                    address: entry.address,
                    currencyCode: entry.currencyCode,
                    txHash: tx.txid,
                    outputIndex: index,
                    amount: fromBaseUnits(BigInt(out.value), entry.currency.decimals),
                    confirmations: confirmationsOf(tx, tip),
                    blockHeight: tx.status.confirmed ? tx.status.block_height! : null,
                    blockHash: tx.status.confirmed ? (tx.status.block_hash ?? null) : null,
                  },
                ]
              : [],
          ),
        );
      });
      return { transfers: perAddress.flat(), coveredFromHeight: null, scannedHeight: null };
    },

    async checkPayout(txHash: string, address: string, currency: Asset): Promise<PayoutSighting> {
      if (!/^[0-9a-f]{64}$/i.test(txHash)) return { found: false, amount: '0', confirmations: 0 };
      let body: unknown;
      try {
        body = await fetchJson(`${baseUrl}/tx/${txHash.toLowerCase()}`, timeoutMs);
      } catch (error) {
        // Esplora answers 404 for a transaction it does not know (yet): not found, not a failure.
        if (error instanceof ChainApiError && / 404$/.test(error.message))
          return { found: false, amount: '0', confirmations: 0 };
        throw error;
      }
      if (!isTx(body)) throw new ChainApiError(`unexpected answer for transaction ${txHash}`);
      const paid = body.vout
        .filter((out) => out.scriptpubkey_address === address)
        .reduce((sum, out) => sum + BigInt(out.value), 0n);
      const tip = body.status.confirmed ? await tipHeight() : 0;
      return { found: true, amount: fromBaseUnits(paid, currency.decimals), confirmations: confirmationsOf(body, tip) };
    },
  };
}
