// Settings of the chain watchers, read from the environment (documented in .env.example and the README). A chain
// without a URL is not watched: its coins stay manual (the client's "I have paid" and the operator's moves).

export type ChainName = 'btc' | 'ltc' | 'eth' | 'tron';

/** What a currency is on its chain: the chain's own coin, or a token contract with its decimals. */
export interface WatchedCurrency {
  chain: ChainName;
  /** null: the chain's coin (BTC, LTC, ether); else the token contract (0x… on Ethereum, T… on TRON). */
  contract: string | null;
  /** Decimals of an on-chain amount (satoshi 8, wei 18, USDT 6). */
  decimals: number;
  /** Confirmations a deposit needs when the operator set none (chain_confirmations). */
  defaultConfirmations: number;
}

export interface ChainEndpoint {
  url: string;
}

export interface ChainConfig {
  /** Seconds between polls of one chain across all instances. */
  pollSeconds: number;
  /** How long one HTTP call to a chain API may take. */
  timeoutMs: number;
  /** Expired and canceled claims stay watched this long after their last change (late payments). */
  lateWatchHours: number;
  /** Parallel HTTP calls of one poll (per-address APIs). */
  concurrency: number;
  /** Chains with a URL. */
  endpoints: Partial<Record<ChainName, ChainEndpoint>>;
  /** Currency code → its chain and asset; only currencies of a chain with a URL are watched. */
  currencies: Map<string, WatchedCurrency>;
}

type Env = Record<string, string | undefined>;

export const USDT_ERC20_CONTRACT = '0xdAC17F958D2ee523a2206206994597C13D831ec7';
export const USDT_TRC20_CONTRACT = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

const CHAINS: { name: ChainName; variable: string; explorer: string }[] = [
  { name: 'btc', variable: 'CHAIN_BTC', explorer: 'https://mempool.space/tx/' },
  { name: 'ltc', variable: 'CHAIN_LTC', explorer: 'https://litecoinspace.org/tx/' },
  { name: 'eth', variable: 'CHAIN_ETH', explorer: 'https://etherscan.io/tx/' },
  { name: 'tron', variable: 'CHAIN_TRON', explorer: 'https://tronscan.org/#/transaction/' },
];

function whole(env: Env, name: string, fallback: number, min: number): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || value < min) throw new Error(`${name} must be a whole number ≥ ${min}, got "${raw}"`);
  return value;
}

function httpUrl(name: string, raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`${name} must be an http(s) URL, got "${raw}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new Error(`${name} must be an http(s) URL, got "${raw}"`);
  return raw;
}

/** Every currency a watcher knows, whether its chain has a URL or not (the claim page shows its deposits anyway). */
export function chainCurrencies(env: Env = process.env): Map<string, WatchedCurrency> {
  const ethUsdt = env.CHAIN_ETH_USDT_CONTRACT?.trim() || USDT_ERC20_CONTRACT;
  if (!/^0x[0-9a-fA-F]{40}$/.test(ethUsdt))
    throw new Error(`CHAIN_ETH_USDT_CONTRACT must be a 0x address, got "${ethUsdt}"`);
  const tronUsdt = env.CHAIN_TRON_USDT_CONTRACT?.trim() || USDT_TRC20_CONTRACT;
  if (!/^T[1-9A-HJ-NP-Za-km-z]{33}$/.test(tronUsdt))
    throw new Error(`CHAIN_TRON_USDT_CONTRACT must be a TRON address, got "${tronUsdt}"`);
  // Defaults: Bitcoin 2 blocks (~20 min), Litecoin 6 (~15 min), Ethereum 12 (~2.5 min, what most exchangers ask;
  // finality is ~64), TRON: a solidified block (19 of 27 witnesses), irreversible by the protocol.
  return new Map<string, WatchedCurrency>([
    ['BTC', { chain: 'btc', contract: null, decimals: 8, defaultConfirmations: 2 }],
    ['LTC', { chain: 'ltc', contract: null, decimals: 8, defaultConfirmations: 6 }],
    ['ETH', { chain: 'eth', contract: null, decimals: 18, defaultConfirmations: 12 }],
    ['USDTERC20', { chain: 'eth', contract: ethUsdt.toLowerCase(), decimals: 6, defaultConfirmations: 12 }],
    ['USDTTRC20', { chain: 'tron', contract: tronUsdt, decimals: 6, defaultConfirmations: 19 }],
  ]);
}

/** Where the chain's explorer shows a transaction (the hash appended). */
export function explorerTxUrl(chain: ChainName, env: Env = process.env): string {
  const entry = CHAINS.find((known) => known.name === chain)!;
  return env[`${entry.variable}_EXPLORER`]?.trim() || entry.explorer;
}

export function loadChainConfig(env: Env = process.env): ChainConfig {
  const endpoints: Partial<Record<ChainName, ChainEndpoint>> = {};
  for (const chain of CHAINS) {
    const url = env[`${chain.variable}_URL`]?.trim();
    if (!url) continue;
    httpUrl(`${chain.variable}_EXPLORER`, explorerTxUrl(chain.name, env));
    endpoints[chain.name] = { url: httpUrl(`${chain.variable}_URL`, url).replace(/\/+$/, '') };
  }
  const all = chainCurrencies(env);
  return {
    pollSeconds: whole(env, 'CHAIN_POLL_SECONDS', 30, 1),
    timeoutMs: whole(env, 'CHAIN_TIMEOUT_SECONDS', 10, 1) * 1000,
    lateWatchHours: whole(env, 'CHAIN_LATE_WATCH_HOURS', 72, 0),
    concurrency: whole(env, 'CHAIN_CONCURRENCY', 8, 1),
    endpoints,
    currencies: new Map([...all].filter(([, currency]) => endpoints[currency.chain] !== undefined)),
  };
}

/** Every watched chain. */
export function watchedChains(config: ChainConfig): ChainName[] {
  return CHAINS.map((chain) => chain.name).filter((name) => config.endpoints[name] !== undefined);
}
