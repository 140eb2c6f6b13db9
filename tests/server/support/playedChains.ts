// A local HTTP server that plays the chain APIs for tests (never the real ones): Esplora for Bitcoin (/btc) and
// Litecoin (/ltc), Ethereum JSON-RPC (POST /eth) and TronGrid (/tron), from blocks and transfers the test sets.
// Each API can be made to fail or hang, and counts what it was asked.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type ApiMode = 'ok' | 'down' | 'hang';

export interface EsploraTx {
  txid: string;
  vout: { scriptpubkey_address: string; value: number }[];
  status: { confirmed: boolean; block_height?: number; block_hash?: string };
}

export interface EsploraChain {
  tip: number;
  /** Every transaction the chain holds (the mempool's unconfirmed). */
  txs: EsploraTx[];
}

export interface EthTx {
  hash: string;
  to: string;
  /** Wei, as a decimal integer string. */
  value: string;
  /** A token transfer instead of ether: the contract and the recipient of its Transfer log. */
  token?: { contract: string; to: string; amount: string };
  status?: '0x1' | '0x0';
}

export interface EthChain {
  tip: number;
  /** Height → block hash and its transactions; a block missing from here is empty. */
  blocks: Map<number, { hash: string; txs: EthTx[] }>;
}

export interface TronTransfer {
  transaction_id: string;
  to: string;
  value: string;
  contract: string;
  confirmed: boolean;
}

export interface PlayedChains {
  url: string;
  btc: EsploraChain;
  ltc: EsploraChain;
  eth: EthChain;
  tron: TronTransfer[];
  mode: { btc: ApiMode; ltc: ApiMode; eth: ApiMode; tron: ApiMode };
  /** Calls answered per API, and per JSON-RPC method. */
  requests: { btc: number; ltc: number; eth: number; tron: number; methods: Map<string, number> };
  close(): Promise<void>;
}

const TRANSFER_TOPIC = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';
const hex = (value: number | bigint) => `0x${value.toString(16)}`;
const topic = (address: string) => `0x${address.toLowerCase().replace(/^0x/, '').padStart(64, '0')}`;

async function bodyOf(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function ethLogs(height: number, block: { hash: string; txs: EthTx[] }) {
  return block.txs.flatMap((tx, index) =>
    tx.token && tx.status !== '0x0'
      ? [
          {
            address: tx.token.contract.toLowerCase(),
            topics: [TRANSFER_TOPIC, topic('0x1111111111111111111111111111111111111111'), topic(tx.token.to)],
            data: `0x${BigInt(tx.token.amount).toString(16).padStart(64, '0')}`,
            blockNumber: hex(height),
            blockHash: block.hash,
            transactionHash: tx.hash,
            logIndex: hex(index),
            removed: false,
          },
        ]
      : [],
  );
}

function ethCall(chain: EthChain, method: string, params: unknown[]): unknown {
  const located = () => {
    for (const [height, block] of chain.blocks) {
      const tx = block.txs.find((candidate) => candidate.hash === params[0]);
      if (tx && height <= chain.tip) return { height, block, tx };
    }
    return null;
  };
  switch (method) {
    case 'eth_blockNumber':
      return hex(chain.tip);
    case 'eth_getBlockByNumber': {
      const height = Number(BigInt(params[0] as string));
      if (height > chain.tip) return null;
      const block = chain.blocks.get(height) ?? { hash: `0x${height.toString(16).padStart(64, 'e')}`, txs: [] };
      return {
        number: hex(height),
        hash: block.hash,
        transactions: block.txs.map((tx) => ({
          hash: tx.hash,
          to: tx.token ? tx.token.contract : tx.to,
          value: hex(BigInt(tx.value)),
        })),
      };
    }
    case 'eth_getLogs': {
      const filter = params[0] as {
        fromBlock: string;
        toBlock: string;
        address: string;
        topics: [string, null, string[]];
      };
      const [from, to] = [Number(BigInt(filter.fromBlock)), Number(BigInt(filter.toBlock))];
      const wanted = new Set(filter.topics[2]);
      return [...chain.blocks]
        .filter(([height]) => height >= from && height <= to && height <= chain.tip)
        .flatMap(([height, block]) => ethLogs(height, block))
        .filter((log) => log.address === filter.address.toLowerCase() && wanted.has(log.topics[2]!));
    }
    case 'eth_getTransactionByHash': {
      const found = located();
      if (!found) return null;
      const { tx, height } = found;
      return {
        hash: tx.hash,
        to: tx.token ? tx.token.contract : tx.to,
        value: hex(BigInt(tx.value)),
        blockNumber: hex(height),
      };
    }
    case 'eth_getTransactionReceipt': {
      const found = located();
      if (!found) return null;
      return {
        status: found.tx.status ?? '0x1',
        logs: ethLogs(found.height, { hash: found.block.hash, txs: [found.tx] }),
      };
    }
    default:
      throw new Error(`unplayed method ${method}`);
  }
}

export async function playChains(): Promise<PlayedChains> {
  const played = {
    btc: { tip: 100, txs: [] } as EsploraChain,
    ltc: { tip: 100, txs: [] } as EsploraChain,
    eth: { tip: 1000, blocks: new Map() } as EthChain,
    tron: [] as TronTransfer[],
    mode: { btc: 'ok', ltc: 'ok', eth: 'ok', tron: 'ok' } as PlayedChains['mode'],
    requests: { btc: 0, ltc: 0, eth: 0, tron: 0, methods: new Map<string, number>() },
  };
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://played');
    const [, api, ...rest] = url.pathname.split('/');
    if (api !== 'btc' && api !== 'ltc' && api !== 'eth' && api !== 'tron') {
      response.writeHead(404).end();
      return;
    }
    played.requests[api] += 1;
    const mode = played.mode[api];
    if (mode === 'hang') return; // never answers: the watcher's timeout has to end it
    if (mode === 'down') {
      response.writeHead(503).end('unavailable');
      return;
    }
    const json = (body: unknown) =>
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (api === 'btc' || api === 'ltc') {
      const chain = played[api];
      const path = rest.join('/');
      if (path === 'blocks/tip/height') {
        response.writeHead(200, { 'content-type': 'text/plain' }).end(String(chain.tip));
        return;
      }
      const address = /^address\/([^/]+)\/txs$/.exec(path)?.[1];
      if (address) {
        json(chain.txs.filter((tx) => tx.vout.some((out) => out.scriptpubkey_address === decodeURIComponent(address))));
        return;
      }
      const txid = /^tx\/([0-9a-f]{64})$/.exec(path)?.[1];
      const tx = txid && chain.txs.find((candidate) => candidate.txid === txid);
      if (tx) json(tx);
      else response.writeHead(404).end('Transaction not found');
      return;
    }
    if (api === 'tron') {
      const address = decodeURIComponent(
        /^v1\/accounts\/([^/]+)\/transactions\/trc20$/.exec(rest.join('/'))?.[1] ?? '',
      );
      const confirmed = url.searchParams.get('only_confirmed') === 'true';
      const unconfirmed = url.searchParams.get('only_unconfirmed') === 'true';
      const contract = url.searchParams.get('contract_address');
      const data = played.tron
        .filter((transfer) => transfer.to === address && transfer.contract === contract)
        .filter((transfer) => (confirmed ? transfer.confirmed : unconfirmed ? !transfer.confirmed : true))
        .map((transfer) => ({
          transaction_id: transfer.transaction_id,
          token_info: { address: transfer.contract, decimals: 6, symbol: 'USDT' },
          block_timestamp: 1795700000000,
          from: 'TXFBqBbqJommqZf7BV8NNYzePh97UmJodJ',
          to: transfer.to,
          type: 'Transfer',
          value: transfer.value,
        }));
      json({ data, success: true, meta: { at: 1795700000000, page_size: data.length } });
      return;
    }
    void bodyOf(request).then((text) => {
      const call = JSON.parse(text) as { id: number; method: string; params: unknown[] };
      played.requests.methods.set(call.method, (played.requests.methods.get(call.method) ?? 0) + 1);
      json({ jsonrpc: '2.0', id: call.id, result: ethCall(played.eth, call.method, call.params) });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    ...played,
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
