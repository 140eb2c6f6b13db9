// The Central Bank of Russia's daily rates: GET {base}/scripts/XML_daily.asp answers XML in windows-1251,
// a <ValCurs> of <Valute> entries with CharCode, Nominal and Value (roubles for Nominal units, decimal comma).
// The price of a symbol is roubles per ONE unit: Value / Nominal.
import Big from 'big.js';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { fetchOk, MalformedAnswer, strictPrice, type RateSource } from './source.ts';

const CODE = /^[A-Z]{3}$/;
const NOMINAL = /^[1-9]\d{0,6}$/;

const parser = new XMLParser({
  // Every value stays the exact text the bank wrote: no number conversion, no entity games.
  parseTagValue: false,
  parseAttributeValue: false,
  ignoreAttributes: true,
  processEntities: false,
  trimValues: true,
  isArray: (name) => name === 'Valute',
});

/** Decodes the bank's windows-1251 bytes (strictly: an undefined byte is a malformed answer). */
export function decodeWindows1251(bytes: Uint8Array): string {
  try {
    return new TextDecoder('windows-1251', { fatal: true }).decode(bytes);
  } catch {
    throw new MalformedAnswer('cbr: the answer is not windows-1251 text');
  }
}

/** Reads the daily XML (already decoded); throws MalformedAnswer unless every Valute is complete and exact. */
export function parseCbrDaily(xml: string): Map<string, string> {
  if (XMLValidator.validate(xml) !== true) throw new MalformedAnswer('cbr: the answer is not well-formed XML');
  const document = parser.parse(xml) as { ValCurs?: { Valute?: unknown[] } };
  const entries = document.ValCurs?.Valute;
  if (!Array.isArray(entries) || entries.length === 0) throw new MalformedAnswer('cbr: no Valute entries in ValCurs');
  const prices = new Map<string, string>();
  entries.forEach((entry, index) => {
    const { CharCode: code, Nominal: nominal, Value: value } = (entry ?? {}) as Record<string, unknown>;
    if (typeof code !== 'string' || !CODE.test(code)) throw new MalformedAnswer(`cbr: Valute ${index} has no CharCode`);
    if (typeof nominal !== 'string' || !NOMINAL.test(nominal))
      throw new MalformedAnswer(`cbr: ${code} has a malformed Nominal ${JSON.stringify(nominal)}`);
    const perNominal =
      typeof value === 'string' && /^\d+,\d+$/.test(value) ? strictPrice(value.replace(',', '.')) : null;
    if (perNominal === null || !/[1-9]/.test(perNominal))
      throw new MalformedAnswer(`cbr: ${code} has a malformed Value ${JSON.stringify(value)}`);
    if (prices.has(code)) throw new MalformedAnswer(`cbr: ${code} is listed twice`);
    prices.set(code, new Big(perNominal).div(new Big(nominal)).toFixed());
  });
  return prices;
}

export const cbr: RateSource = {
  name: 'cbr',
  urlVariable: 'RATES_CBR_URL',
  defaultBaseUrl: 'https://www.cbr.ru',
  symbolPattern: CODE,
  async fetchPrices(baseUrl, signal) {
    const response = await fetchOk(`${baseUrl}/scripts/XML_daily.asp`, signal);
    return parseCbrDaily(decodeWindows1251(new Uint8Array(await response.arrayBuffer())));
  },
};
