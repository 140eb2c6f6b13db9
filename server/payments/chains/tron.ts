// TRC-20 tokens (USDT) through the TronGrid REST API: GET /v1/accounts/{address}/transactions/trc20 with only_to and
// the contract, twice per watched address: only_confirmed=true (in a solidified block, irreversible by the protocol:
// it has the currency's required confirmations) and only_unconfirmed=true (seen, 0 confirmations). TronGrid gives
// no block number there, and a solidified block is final, so "confirmed" is what TRON's confirmation depth means.
import type { Asset, ChainAdapter, DepositScan, PayoutSighting, SeenTransfer, WatchedAddress } from './adapter.ts';
import { ChainApiError, fetchJson, fromBaseUnits, inParallel } from './http.ts';

interface Trc20Transfer {
  transaction_id: string;
  to: string;
  value: string;
  token_info: { address: string };
}

function transfersOf(body: unknown): Trc20Transfer[] {
  const data = (body as { success?: boolean; data?: unknown } | null)?.data;
  if (!Array.isArray(data)) throw new ChainApiError('TronGrid answered no data list');
  for (const item of data as Trc20Transfer[]) {
    if (
      typeof item?.transaction_id !== 'string' ||
      typeof item.to !== 'string' ||
      typeof item.value !== 'string' ||
      !/^\d+$/.test(item.value) ||
      typeof item.token_info?.address !== 'string'
    )
      throw new ChainApiError('TronGrid answered a malformed transfer');
  }
  return data as Trc20Transfer[];
}

export function tronAdapter(baseUrl: string, timeoutMs: number, concurrency: number, apiKey?: string): ChainAdapter {
  const headers: Record<string, string> = apiKey ? { 'TRON-PRO-API-KEY': apiKey } : {};
  const list = async (address: string, contract: string, which: 'only_confirmed' | 'only_unconfirmed') => {
    const query = new URLSearchParams({ only_to: 'true', [which]: 'true', contract_address: contract, limit: '50' });
    const url = `${baseUrl}/v1/accounts/${encodeURIComponent(address)}/transactions/trc20?${query}`;
    return transfersOf(await fetchJson(url, timeoutMs, { headers }));
  };

  return {
    async scanDeposits(watched: WatchedAddress[]): Promise<DepositScan> {
      const perAddress = await inParallel(watched, concurrency, async (entry): Promise<SeenTransfer[]> => {
        const contract = entry.currency.contract!;
        const [confirmed, unconfirmed] = [
          await list(entry.address, contract, 'only_confirmed'),
          await list(entry.address, contract, 'only_unconfirmed'),
        ];
        const seen = (transfer: Trc20Transfer, final: boolean): SeenTransfer[] =>
          transfer.to === entry.address && transfer.token_info.address === contract && transfer.value !== '0'
            ? [
                {
                  address: entry.address,
                  currencyCode: entry.currencyCode,
                  txHash: transfer.transaction_id.toLowerCase(),
                  outputIndex: 0,
                  amount: fromBaseUnits(transfer.value, entry.currency.decimals),
                  confirmations: final ? entry.currency.required : 0,
                  blockHeight: null,
                  blockHash: null,
                },
              ]
            : [];
        const finalIds = new Set(confirmed.map((transfer) => transfer.transaction_id));
        return [
          ...confirmed.flatMap((transfer) => seen(transfer, true)),
          ...unconfirmed
            .filter((transfer) => !finalIds.has(transfer.transaction_id))
            .flatMap((transfer) => seen(transfer, false)),
        ];
      });
      return { transfers: perAddress.flat(), coveredFromHeight: null, scannedHeight: null };
    },

    async checkPayout(txHash: string, address: string, currency: Asset): Promise<PayoutSighting> {
      const id = txHash.toLowerCase();
      if (!/^[0-9a-f]{64}$/.test(id)) return { found: false, amount: '0', confirmations: 0 };
      const contract = currency.contract!;
      const confirmed = (await list(address, contract, 'only_confirmed')).filter(
        (transfer) => transfer.transaction_id.toLowerCase() === id,
      );
      const unconfirmed =
        confirmed.length > 0
          ? []
          : (await list(address, contract, 'only_unconfirmed')).filter(
              (transfer) => transfer.transaction_id.toLowerCase() === id,
            );
      const matching = confirmed.length > 0 ? confirmed : unconfirmed;
      if (matching.length === 0) return { found: false, amount: '0', confirmations: 0 };
      const paid = matching
        .filter((transfer) => transfer.to === address)
        .reduce((sum, transfer) => sum + BigInt(transfer.value), 0n);
      return {
        found: true,
        amount: fromBaseUnits(paid, currency.decimals),
        confirmations: confirmed.length > 0 ? currency.required : 0,
      };
    },
  };
}
