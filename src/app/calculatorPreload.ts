// What the home's exchange form starts from when the server renders it: directions, settings, the starting
// pair (the one the calculator itself would pick, deep link included) with its receive options, and reserves,
// read from the API the browser would have called. Parsed with the same wire contract as the browser's calls.
import {
  directionsLoaded,
  initialContext,
  receiveOptionsLoaded,
  startingPair,
  type CalculatorPreload,
} from '../../machines/calculatorRules.ts';
import {
  currencyList,
  directionsResponse,
  pairResponse,
  reservesResponse,
  settingsResponse,
} from '../api/schemas/calculator.ts';
import type { Locale } from '../i18n/locales.ts';

/** Answers a GET of the server's own API (in-process), or null when it did not answer 200. */
export type ApiReader = (path: string) => Promise<unknown>;

interface Schema<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false };
}

export async function calculatorPreload(read: ApiReader, locale: Locale, search: string): Promise<CalculatorPreload | null> {
  const prefix = locale === 'en' ? '/en/api/v1/calculator' : '/api/v1/calculator';
  const get = async <T,>(path: string, schema: Schema<T>): Promise<T | null> => {
    const parsed = schema.safeParse(await read(prefix + path));
    return parsed.success ? parsed.data : null;
  };
  const params = new URLSearchParams(search);
  const curFrom = params.get('cur_from');
  const curTo = params.get('cur_to');
  const deepLink = new URLSearchParams();
  if (curFrom) deepLink.set('cur_from', curFrom);
  if (curTo) deepLink.set('cur_to', curTo);
  const [directions, settings, reserves] = await Promise.all([
    get('/', directionsResponse),
    get(`/settings/?${deepLink.toString()}`, settingsResponse),
    get('/reserves/', reservesResponse),
  ]);
  if (!directions || !settings) return null;
  const preload: CalculatorPreload = { directions, settings, receiveOptions: [], pair: null, reserves: reserves ?? [] };
  // The wanted pair before any receive options are known (with none, the receive currency would fall to the first).
  const listed = { ...initialContext({ curFrom, curTo }), ...directionsLoaded(directions) };
  const start = { ...listed, ...startingPair(listed, settings) };
  if (start.fromId === null) return preload;
  const receiveOptions = (await get(`/from/${start.fromId}/`, currencyList)) ?? [];
  const { toId } = receiveOptionsLoaded(start, receiveOptions);
  const pair = toId === null || toId === undefined ? null : await get(`/pair/${start.fromId}/${toId}/`, pairResponse);
  return { ...preload, receiveOptions, pair };
}
