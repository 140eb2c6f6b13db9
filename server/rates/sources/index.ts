// The sources formulas may name. A new source (a P2P feed, another exchange) is one adapter file added here.
import { binance } from './binance.ts';
import { cbr } from './cbr.ts';
import type { RateSource } from './source.ts';

export const RATE_SOURCES: readonly RateSource[] = [binance, cbr];

export type { RateSource } from './source.ts';
export { MalformedAnswer } from './source.ts';
