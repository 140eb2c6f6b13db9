// Binance spot prices: GET {base}/api/v3/ticker/price answers a JSON list of {symbol, price} with prices as
// decimal strings. Symbols with a zero price (delisted pairs) are left out, so a formula over one goes stale.
import { fetchOk, isAboveZero, MalformedAnswer, strictPrice, type RateSource } from './source.ts';

const SYMBOL = /^[A-Z0-9]{2,20}$/;

/** Reads a ticker answer's text; throws MalformedAnswer unless it is exactly a list of {symbol, price strings}. */
export function parseBinanceTickers(text: string): Map<string, string> {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new MalformedAnswer('binance: the answer is not JSON');
  }
  if (!Array.isArray(body) || body.length === 0)
    throw new MalformedAnswer('binance: the answer is not a list of tickers');
  const prices = new Map<string, string>();
  body.forEach((entry: unknown, index) => {
    const { symbol, price } = (entry ?? {}) as { symbol?: unknown; price?: unknown };
    if (typeof symbol !== 'string' || !SYMBOL.test(symbol))
      throw new MalformedAnswer(`binance: ticker ${index} has no valid symbol`);
    // A number here would already have passed through a binary float: only strings are trusted.
    const parsed = typeof price === 'string' ? strictPrice(price) : null;
    if (parsed === null) throw new MalformedAnswer(`binance: ${symbol} has a malformed price ${JSON.stringify(price)}`);
    if (prices.has(symbol)) throw new MalformedAnswer(`binance: ${symbol} is listed twice`);
    if (isAboveZero(parsed)) prices.set(symbol, parsed);
  });
  return prices;
}

export const binance: RateSource = {
  name: 'binance',
  urlVariable: 'RATES_BINANCE_URL',
  defaultBaseUrl: 'https://api.binance.com',
  symbolPattern: SYMBOL,
  async fetchPrices(baseUrl, signal) {
    const response = await fetchOk(`${baseUrl}/api/v3/ticker/price`, signal);
    return parseBinanceTickers(await response.text());
  },
};
