// What a market source is to the rates job: a name used in formulas (`binance:BTCUSDT`), how its symbols look,
// a default base URL (overridable per environment), and one fetch that answers every price it publishes.
export interface RateSource {
  /** Lower-case name written before the colon in formulas. */
  name: string;
  /** Environment variable that points the source elsewhere (a mirror, a test server). */
  urlVariable: string;
  defaultBaseUrl: string;
  /** Symbols this source can publish; anything else is refused when a formula is set. */
  symbolPattern: RegExp;
  /** Every price of one answer, by symbol, as canonical decimal strings; throws MalformedAnswer on anything odd. */
  fetchPrices(baseUrl: string, signal: AbortSignal): Promise<Map<string, string>>;
}

/** The source answered, but not with what it documents: the fetch fails as a whole (never a zero or NaN price). */
export class MalformedAnswer extends Error {}

/** An answer's HTTP status must be 200; anything else is a failed fetch with the status in the message. */
export async function fetchOk(url: string, signal: AbortSignal): Promise<Response> {
  const response = await fetch(url, { signal, headers: { accept: '*/*' } });
  if (response.status !== 200) {
    await response.body?.cancel();
    throw new Error(`HTTP ${response.status} from ${url}`);
  }
  return response;
}

const PRICE = /^\d{1,20}(\.\d{1,20})?$/;

/** A decimal price written with a dot ("0.00150000"): canonical string, or null when it is not one. */
export function strictPrice(text: string): string | null {
  if (!PRICE.test(text)) return null;
  const [whole, fraction = ''] = text.split('.');
  const trimmedWhole = whole!.replace(/^0+(?=\d)/, '');
  const trimmedFraction = fraction.replace(/0+$/, '');
  return trimmedFraction ? `${trimmedWhole}.${trimmedFraction}` : trimmedWhole;
}

/** Whether a canonical decimal string is above zero. */
export function isAboveZero(price: string): boolean {
  return /[1-9]/.test(price);
}
