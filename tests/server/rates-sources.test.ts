// Source adapters against recorded answers (a Binance ticker list, a CBR daily XML in windows-1251) and against
// malformed ones: every price comes out as an exact decimal string, and anything odd fails the whole fetch.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadRatesConfig } from '../../server/rates/config.ts';
import { fetchSourcePrices } from '../../server/rates/quotes.ts';
import { parseBinanceTickers } from '../../server/rates/sources/binance.ts';
import { decodeWindows1251, parseCbrDaily } from '../../server/rates/sources/cbr.ts';
import { MalformedAnswer } from '../../server/rates/sources/index.ts';
import { playSources, type PlayedSources } from './support/rateSources.ts';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/rates/${name}`, import.meta.url));

describe('binance', () => {
  it('reads the recorded ticker list exactly, leaving out zero-priced (delisted) symbols', () => {
    const prices = parseBinanceTickers(fixture('binance-ticker-price.json').toString('utf8'));
    expect(prices.get('BTCUSDT')).toBe('97432.15');
    expect(prices.get('ETHBTC')).toBe('0.03521');
    expect(prices.get('TONBTC')).toBe('0.00005556');
    expect(prices.get('BTCRUB')).toBe('9867000');
    expect(prices.has('ETHRUB')).toBe(false);
    expect(prices.size).toBe(19);
  });

  it.each([
    ['not JSON', '<html>busy</html>'],
    ['an object instead of a list', '{"code":-1003,"msg":"Too many requests"}'],
    ['an empty list', '[]'],
    ['a price as a JSON number', '[{"symbol":"BTCUSDT","price":97432.15}]'],
    ['an exponent', '[{"symbol":"BTCUSDT","price":"9.7e4"}]'],
    ['a negative price', '[{"symbol":"BTCUSDT","price":"-1.0"}]'],
    ['NaN', '[{"symbol":"BTCUSDT","price":"NaN"}]'],
    ['a missing price', '[{"symbol":"BTCUSDT"}]'],
    ['a bad symbol', '[{"symbol":"btc/usdt","price":"1.0"}]'],
    ['a symbol listed twice', '[{"symbol":"BTCUSDT","price":"1.0"},{"symbol":"BTCUSDT","price":"2.0"}]'],
  ])('refuses %s as a whole', (_what, body) => {
    expect(() => parseBinanceTickers(body)).toThrow(MalformedAnswer);
  });
});

describe('cbr', () => {
  it('decodes windows-1251 and reads roubles per ONE unit (Value / Nominal, decimal comma)', () => {
    const bytes = new Uint8Array(fixture('cbr-xml-daily.xml'));
    const xml = decodeWindows1251(bytes);
    expect(xml).toContain('Доллар США');
    const prices = parseCbrDaily(xml);
    expect(prices.get('USD')).toBe('100.6798');
    expect(prices.get('EUR')).toBe('106.1748');
    expect(prices.get('AMD')).toBe('0.25793');
    expect(prices.get('JPY')).toBe('0.650967');
    expect(prices.get('TRY')).toBe('2.91311');
    expect(prices.size).toBe(9);
  });

  const valute = (inner: string) =>
    `<?xml version="1.0" encoding="windows-1251"?><ValCurs Date="22.11.2026"><Valute ID="R1">${inner}</Valute></ValCurs>`;
  it.each([
    ['XML that is not well-formed', '<ValCurs><Valute><CharCode>USD</CharCode>'],
    ['no Valute at all', '<ValCurs Date="22.11.2026"></ValCurs>'],
    ['an HTML error page', '<html><body>Service unavailable</body></html>'],
    ['a Value with a dot', valute('<CharCode>USD</CharCode><Nominal>1</Nominal><Value>100.6798</Value>')],
    ['an empty Value', valute('<CharCode>USD</CharCode><Nominal>1</Nominal><Value></Value>')],
    ['a zero Value', valute('<CharCode>USD</CharCode><Nominal>1</Nominal><Value>0,0000</Value>')],
    ['a zero Nominal', valute('<CharCode>USD</CharCode><Nominal>0</Nominal><Value>100,1</Value>')],
    ['a missing CharCode', valute('<Nominal>1</Nominal><Value>100,1</Value>')],
    [
      'a code listed twice',
      valute(
        '<CharCode>USD</CharCode><Nominal>1</Nominal><Value>100,1</Value></Valute><Valute><CharCode>USD</CharCode><Nominal>1</Nominal><Value>100,2</Value>',
      ),
    ],
  ])('refuses %s as a whole', (_what, xml) => {
    expect(() => parseCbrDaily(xml)).toThrow(MalformedAnswer);
  });
});

describe('fetching through the configured base URL', () => {
  let played: PlayedSources;
  beforeAll(async () => {
    played = await playSources();
  });
  afterAll(async () => {
    await played.close();
  });
  const config = () =>
    loadRatesConfig({
      RATES_BINANCE_URL: played.url,
      RATES_CBR_URL: `${played.url}/`,
      RATES_FETCH_TIMEOUT_SECONDS: '1',
    });

  it('reaches each source at the base URL the environment gives', async () => {
    played.binance.set('BTCUSDT', '97000.50000000');
    played.cbr.set('USD', ['1', '100,5']);
    played.cbr.set('KZT', ['100', '20,2012']);
    expect(await fetchSourcePrices(config(), 'binance')).toEqual(new Map([['BTCUSDT', '97000.5']]));
    expect(await fetchSourcePrices(config(), 'cbr')).toEqual(
      new Map([
        ['USD', '100.5'],
        ['KZT', '0.202012'],
      ]),
    );
  });

  it('fails on an HTTP error, a malformed answer and a source that never answers (timeout)', async () => {
    played.mode.binance = 'down';
    await expect(fetchSourcePrices(config(), 'binance')).rejects.toThrow(/HTTP 503/);
    played.mode.cbr = 'malformed';
    await expect(fetchSourcePrices(config(), 'cbr')).rejects.toThrow(MalformedAnswer);
    played.mode.binance = 'hang';
    await expect(fetchSourcePrices(config(), 'binance')).rejects.toThrow(/timeout|aborted/i);
    played.mode.binance = 'ok';
    played.mode.cbr = 'ok';
  });

  it('refuses base URLs that are not http(s) and refresh settings that are not whole numbers', () => {
    expect(() => loadRatesConfig({ RATES_CBR_URL: 'ftp://mirror' })).toThrow(/RATES_CBR_URL/);
    expect(() => loadRatesConfig({ RATES_REFRESH_SECONDS: '1.5' })).toThrow(/RATES_REFRESH_SECONDS/);
    expect(loadRatesConfig({}).refreshSeconds).toBe(60);
    expect(loadRatesConfig({ RATES_REFRESH_SECONDS: '0' }).refreshSeconds).toBe(0);
  });
});
