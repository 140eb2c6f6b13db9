// A played Bitcoin chain for the journeys, answering as an Esplora server (mempool.space, electrs) does, on the
// fixed port playwright.config.ts gives the journey server as CHAIN_BTC_URL: GET /blocks/tip/height,
// GET /address/{address}/txs, GET /tx/{txid}. A journey pays and mines through two calls of its own:
// POST /play/pay {address, sats} puts a transaction paying the address into the mempool (0 confirmations) and
// answers its txid; POST /play/mine adds a block holding every mempool transaction (each block adds one
// confirmation to all before it). Addresses nobody paid have no transactions, as on the real chain.
// Started by playwright.config.ts as `node tests/e2e/playedChain.ts` with PLAYED_CHAIN_PORT.
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';

interface PlayedTx {
  txid: string;
  vout: { scriptpubkey_address: string; value: number }[];
  status: { confirmed: boolean; block_height?: number; block_hash?: string };
}

/** The address's transactions, newest first (as Esplora lists them). */
const byAddress = new Map<string, PlayedTx[]>();
const byTxid = new Map<string, PlayedTx>();
let tip = 900_000;

function answer(response: ServerResponse, status: number, body: unknown): void {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  response.writeHead(status, { 'content-type': typeof body === 'string' ? 'text/plain' : 'application/json' });
  response.end(text);
}

async function jsonBody(request: IncomingMessage): Promise<Record<string, unknown>> {
  let text = '';
  for await (const chunk of request) text += chunk;
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
}

function pay(address: string, sats: number): PlayedTx {
  const tx: PlayedTx = {
    txid: randomBytes(32).toString('hex'),
    vout: [{ scriptpubkey_address: address, value: sats }],
    status: { confirmed: false },
  };
  byAddress.set(address, [tx, ...(byAddress.get(address) ?? [])]);
  byTxid.set(tx.txid, tx);
  return tx;
}

function mine(): number {
  tip += 1;
  const hash = randomBytes(32).toString('hex');
  for (const tx of byTxid.values()) {
    if (!tx.status.confirmed) tx.status = { confirmed: true, block_height: tip, block_hash: hash };
  }
  return tip;
}

const server = createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://played.chain');
  const address = /^\/address\/([^/]+)\/txs$/.exec(url.pathname);
  const tx = /^\/tx\/([0-9a-f]{64})$/.exec(url.pathname);
  if (request.method === 'GET' && url.pathname === '/blocks/tip/height') return answer(response, 200, String(tip));
  if (request.method === 'GET' && address) return answer(response, 200, byAddress.get(decodeURIComponent(address[1]!)) ?? []);
  if (request.method === 'GET' && tx) {
    const found = byTxid.get(tx[1]!);
    return found ? answer(response, 200, found) : answer(response, 404, 'Transaction not found');
  }
  if (request.method === 'POST' && url.pathname === '/play/pay') {
    void jsonBody(request).then((body) => {
      if (typeof body.address !== 'string' || !Number.isSafeInteger(body.sats)) return answer(response, 400, 'address and sats');
      answer(response, 200, { txid: pay(body.address, body.sats as number).txid });
    });
    return;
  }
  if (request.method === 'POST' && url.pathname === '/play/mine') return answer(response, 200, { tip: mine() });
  answer(response, 404, 'Not found');
});

server.listen(Number(process.env.PLAYED_CHAIN_PORT ?? 3102), '127.0.0.1');
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => server.close(() => process.exit(0)));
