// One HTTP call to a chain API, bounded in time; any answer other than a 2xx with the expected body is a failure of
// the whole poll (the watcher backs off and tries again), never a half-read answer taken as "nothing arrived".

export class ChainApiError extends Error {}

export async function fetchText(url: string, timeoutMs: number, init: RequestInit = {}): Promise<string> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    throw new ChainApiError(`${new URL(url).host}: ${(error as Error).message}`);
  }
  const body = await response.text();
  if (!response.ok) throw new ChainApiError(`${new URL(url).host} answered ${response.status}`);
  return body;
}

export async function fetchJson(url: string, timeoutMs: number, init: RequestInit = {}): Promise<unknown> {
  const body = await fetchText(url, timeoutMs, init);
  try {
    return JSON.parse(body) as unknown;
  } catch {
    throw new ChainApiError(`${new URL(url).host} answered something other than JSON`);
  }
}

/** Runs `work` over `items` with at most `limit` at a time; the first failure fails the whole. */
export async function inParallel<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  return results;
}

/** An integer amount in the chain's smallest unit as a decimal string in whole coins: 150000000 sat → "1.5". */
export function fromBaseUnits(value: bigint | string, decimals: number): string {
  const units = typeof value === 'bigint' ? value : BigInt(value);
  if (units < 0n) throw new ChainApiError(`negative amount ${units}`);
  const digits = units.toString().padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '');
  return fraction === '' ? whole : `${whole}.${fraction}`;
}
