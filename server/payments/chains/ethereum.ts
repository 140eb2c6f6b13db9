// Ether and ERC-20 tokens through Ethereum JSON-RPC (any node or provider). Unlike Esplora, a node cannot list an
// address's transactions, so the adapter scans blocks: each poll reads from where the last one stopped (at most
// MAX_BLOCKS_PER_POLL) and always re-reads the newest RESCAN_DEPTH blocks, so a reorganisation within them shows up
// as a transfer that vanished or moved to another block.
// - ether: eth_getBlockByNumber(n, true) for each block, keeping transactions whose `to` is a watched address.
//   Chosen over comparing eth_getBalance at latest and at tip-N: a balance names no transaction (nothing to show
//   the client, nothing to tell a second deposit from the first, no way to see which one a reorg dropped) and
//   costs two calls per address per poll; a block scan costs the same for 10 addresses or 10,000. Not seen: ether
//   sent by a contract's internal call (some exchanges' hot wallets), which the operator handles as today.
// - tokens: eth_getLogs over the same range with the Transfer topic and the watched addresses as topic 2.
// Confirmations = tip - block + 1.
import type { Asset, ChainAdapter, DepositScan, PayoutSighting, SeenTransfer, WatchedAddress } from './adapter.ts';
import { ChainApiError, fetchJson, fromBaseUnits, inParallel } from './http.ts';

/** keccak256("Transfer(address,address,uint256)") */
export const TRANSFER_TOPIC = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';
export const RESCAN_DEPTH = 16;
export const MAX_BLOCKS_PER_POLL = 200;
/** Addresses per eth_getLogs call (providers bound the size of a topic list). */
const ADDRESSES_PER_LOGS_CALL = 500;

const HEX_QUANTITY = /^0x[0-9a-f]+$/i;

function quantity(value: unknown, what: string): number {
  if (typeof value !== 'string' || !HEX_QUANTITY.test(value)) throw new ChainApiError(`${what} is not a hex quantity`);
  return Number(BigInt(value));
}

function units(value: unknown, what: string): bigint {
  if (typeof value !== 'string' || !/^0x[0-9a-f]*$/i.test(value)) throw new ChainApiError(`${what} is not hex`);
  return value === '0x' ? 0n : BigInt(value);
}

/** A 20-byte address as a 32-byte log topic. */
export function addressTopic(address: string): string {
  return `0x${address.toLowerCase().replace(/^0x/, '').padStart(64, '0')}`;
}

interface RpcBlock {
  number: string;
  hash: string;
  transactions: { hash: string; to: string | null; value: string }[];
}

interface RpcLog {
  address: string;
  topics: string[];
  data: string;
  blockNumber: string;
  blockHash: string;
  transactionHash: string;
  logIndex: string;
  removed?: boolean;
}

export function ethereumAdapter(url: string, timeoutMs: number, concurrency: number): ChainAdapter {
  let id = 0;
  const rpc = async (method: string, params: unknown[]): Promise<unknown> => {
    const body = (await fetchJson(url, timeoutMs, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: ++id, method, params }),
    })) as { result?: unknown; error?: { message?: string } };
    if (typeof body !== 'object' || body === null || body.error !== undefined || !('result' in body))
      throw new ChainApiError(`${method}: ${body?.error?.message ?? 'no result'}`);
    return body.result;
  };
  const tipHeight = async () => quantity(await rpc('eth_blockNumber', []), 'eth_blockNumber');

  const etherTransfers = async (
    from: number,
    to: number,
    watched: Map<string, WatchedAddress>,
  ): Promise<SeenTransfer[]> => {
    const heights = Array.from({ length: to - from + 1 }, (_, index) => from + index);
    const blocks = await inParallel(heights, concurrency, async (height) => {
      const block = (await rpc('eth_getBlockByNumber', [`0x${height.toString(16)}`, true])) as RpcBlock | null;
      if (!block || !Array.isArray(block.transactions)) throw new ChainApiError(`block ${height} missing`);
      return block;
    });
    return blocks.flatMap((block) =>
      block.transactions.flatMap((tx) => {
        const entry = tx.to ? watched.get(tx.to.toLowerCase()) : undefined;
        const value = entry ? units(tx.value, 'value') : 0n;
        if (!entry || value === 0n) return [];
        return [
          {
            address: entry.address,
            currencyCode: entry.currencyCode,
            txHash: tx.hash.toLowerCase(),
            outputIndex: 0,
            amount: fromBaseUnits(value, entry.currency.decimals),
            confirmations: 0,
            blockHeight: quantity(block.number, 'block number'),
            blockHash: block.hash.toLowerCase(),
          },
        ];
      }),
    );
  };

  const tokenTransfers = async (
    from: number,
    to: number,
    contract: string,
    watched: Map<string, WatchedAddress>,
  ): Promise<SeenTransfer[]> => {
    const addresses = [...watched.keys()];
    const chunks = Array.from({ length: Math.ceil(addresses.length / ADDRESSES_PER_LOGS_CALL) }, (_, index) =>
      addresses.slice(index * ADDRESSES_PER_LOGS_CALL, (index + 1) * ADDRESSES_PER_LOGS_CALL),
    );
    const answers = await inParallel(chunks, concurrency, async (chunk) => {
      const logs = await rpc('eth_getLogs', [
        {
          fromBlock: `0x${from.toString(16)}`,
          toBlock: `0x${to.toString(16)}`,
          address: contract,
          topics: [TRANSFER_TOPIC, null, chunk.map(addressTopic)],
        },
      ]);
      if (!Array.isArray(logs)) throw new ChainApiError('eth_getLogs answered no list');
      return logs as RpcLog[];
    });
    return answers.flat().flatMap((log) => {
      const entry = watched.get(`0x${(log.topics[2] ?? '').slice(-40).toLowerCase()}`);
      if (log.removed || !entry || log.address.toLowerCase() !== contract || log.topics[0] !== TRANSFER_TOPIC)
        return [];
      const value = units(log.data, 'log data');
      if (value === 0n) return [];
      return [
        {
          address: entry.address,
          currencyCode: entry.currencyCode,
          txHash: log.transactionHash.toLowerCase(),
          outputIndex: quantity(log.logIndex, 'logIndex'),
          amount: fromBaseUnits(value, entry.currency.decimals),
          confirmations: 0,
          blockHeight: quantity(log.blockNumber, 'blockNumber'),
          blockHash: log.blockHash.toLowerCase(),
        },
      ];
    });
  };

  return {
    async scanDeposits(watched: WatchedAddress[], scannedHeight: number | null): Promise<DepositScan> {
      const tip = await tipHeight();
      const rescanFrom = Math.max(tip - RESCAN_DEPTH + 1, 0);
      const from = scannedHeight === null ? rescanFrom : Math.min(scannedHeight + 1, rescanFrom);
      const to = Math.min(tip, from + MAX_BLOCKS_PER_POLL - 1);
      if (watched.length === 0) return { transfers: [], coveredFromHeight: from, scannedHeight: to, tip };
      // Per asset: address (lower case) → what is watched there.
      const byAsset = new Map<string, Map<string, WatchedAddress>>();
      for (const entry of watched) {
        const asset = entry.currency.contract ?? 'ether';
        byAsset.set(asset, (byAsset.get(asset) ?? new Map()).set(entry.address.toLowerCase(), entry));
      }
      const found: SeenTransfer[] = [];
      for (const [asset, addresses] of byAsset) {
        found.push(
          ...(asset === 'ether'
            ? await etherTransfers(from, to, addresses)
            : await tokenTransfers(from, to, asset, addresses)),
        );
      }
      const transfers = found.map((transfer) => ({ ...transfer, confirmations: tip - transfer.blockHeight! + 1 }));
      return { transfers, coveredFromHeight: from, scannedHeight: to, tip };
    },

    async checkPayout(txHash: string, address: string, currency: Asset): Promise<PayoutSighting> {
      const none = { found: false, amount: '0', confirmations: 0 };
      if (!/^0x[0-9a-f]{64}$/i.test(txHash)) return none;
      const tx = (await rpc('eth_getTransactionByHash', [txHash])) as {
        to: string | null;
        value: string;
        blockNumber: string | null;
      } | null;
      if (!tx) return none;
      if (tx.blockNumber === null) return { found: true, amount: '0', confirmations: 0 };
      const receipt = (await rpc('eth_getTransactionReceipt', [txHash])) as { status: string; logs: RpcLog[] } | null;
      const confirmations = (await tipHeight()) - quantity(tx.blockNumber, 'blockNumber') + 1;
      // A reverted transaction moved nothing.
      if (!receipt || receipt.status !== '0x1') return { found: true, amount: '0', confirmations };
      let paid = 0n;
      if (currency.contract === null) {
        if (tx.to?.toLowerCase() === address.toLowerCase()) paid = units(tx.value, 'value');
      } else {
        for (const log of receipt.logs) {
          if (
            log.address.toLowerCase() === currency.contract &&
            log.topics[0] === TRANSFER_TOPIC &&
            log.topics[2]?.toLowerCase() === addressTopic(address)
          )
            paid += units(log.data, 'log data');
        }
      }
      return { found: true, amount: fromBaseUnits(paid, currency.decimals), confirmations };
    },
  };
}
