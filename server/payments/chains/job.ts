// The chain watchers on a timer in every server process, one timer per chain with a URL: each wakes when its
// chain's shared slot is due; whichever instance comes first polls, the others find the period taken and sleep
// until its end (one poll per period however many instances run). No chain URL: nothing runs.
import type { Db } from '../../db/index.ts';
import { log } from '../../log.ts';
import type { ChainAdapter } from './adapter.ts';
import { watchedChains, type ChainConfig, type ChainName } from './config.ts';
import { esploraAdapter } from './esplora.ts';
import { ethereumAdapter } from './ethereum.ts';
import { tronAdapter } from './tron.ts';
import { pollChain } from './watch.ts';

export interface ChainJob {
  stop(): Promise<void>;
}

const MIN_SLEEP_MS = 1000;

export function chainAdapter(config: ChainConfig, chain: ChainName): ChainAdapter {
  const { url } = config.endpoints[chain]!;
  if (chain === 'eth') return ethereumAdapter(url, config.timeoutMs, config.concurrency);
  if (chain === 'tron') return tronAdapter(url, config.timeoutMs, config.concurrency, process.env.CHAIN_TRON_API_KEY);
  return esploraAdapter(url, config.timeoutMs, config.concurrency);
}

export function startChainJob(db: Db, config: ChainConfig): ChainJob {
  let stopped = false;
  const timers = new Map<ChainName, NodeJS.Timeout>();
  const running = new Set<Promise<void>>();

  const schedule = (chain: ChainName, adapter: ChainAdapter, delayMs: number) => {
    if (stopped) return;
    // A little jitter keeps instances from reaching the slot in the same millisecond.
    const timer = setTimeout(
      () => tick(chain, adapter),
      Math.max(delayMs, MIN_SLEEP_MS) + Math.floor(Math.random() * 250),
    );
    timer.unref();
    timers.set(chain, timer);
  };

  const tick = (chain: ChainName, adapter: ChainAdapter) => {
    const run = pollChain(db, config, chain, adapter).then(
      (outcome) => schedule(chain, adapter, outcome.nextRunAt.getTime() - Date.now()),
      (error: unknown) => {
        // The database itself failed (the chain's own failures back off inside pollChain).
        log.error(`chain watcher ${chain} failed`, error);
        schedule(chain, adapter, config.pollSeconds * 1000);
      },
    );
    running.add(run);
    void run.finally(() => running.delete(run));
  };

  for (const chain of watchedChains(config)) schedule(chain, chainAdapter(config, chain), 0);
  return {
    stop: async () => {
      stopped = true;
      for (const timer of timers.values()) clearTimeout(timer);
      await Promise.all(running);
    },
  };
}
