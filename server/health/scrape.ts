// One scrape of /metrics: the figures PostgreSQL holds are read now and set on their gauges, then the registry is
// written in the Prometheus text format. With PostgreSQL away the process metrics still answer (database_up 0).
import type { Db } from '../db/index.ts';
import { log } from '../log.ts';
import { readDatabaseFigures } from './figures.ts';
import {
  claimsByStatus,
  claimsCompleted,
  claimsCreated,
  databaseUp,
  depositAddressesLeft,
  mailQueueDepth,
  mailQueueFailing,
  rateSourceAge,
  ratesRefreshAge,
  registry,
} from './metrics.ts';

const FROM_DATABASE = [
  claimsByStatus,
  claimsCompleted,
  claimsCreated,
  depositAddressesLeft,
  mailQueueDepth,
  mailQueueFailing,
  rateSourceAge,
  ratesRefreshAge,
];

export const METRICS_CONTENT_TYPE = registry.contentType;

export async function scrapeMetrics(db: Db): Promise<string> {
  for (const metric of FROM_DATABASE) metric.reset();
  try {
    const figures = await readDatabaseFigures(db);
    for (const { status, count } of figures.claimsByStatus) claimsByStatus.set({ status }, count);
    claimsCreated.inc(figures.claimsByStatus.reduce((sum, row) => sum + row.count, 0));
    claimsCompleted.inc(figures.claimsByStatus.find((row) => row.status === 'completed')?.count ?? 0);
    mailQueueDepth.set(figures.mailQueue.depth);
    mailQueueFailing.set(figures.mailQueue.failing);
    if (figures.ratesRefreshAgeSeconds !== null) ratesRefreshAge.set(figures.ratesRefreshAgeSeconds);
    for (const { source, seconds } of figures.sourceAgeSeconds) rateSourceAge.set({ source }, seconds);
    for (const { currency, left } of figures.addressesLeft) depositAddressesLeft.set({ currency }, left ?? Infinity);
    databaseUp.set(1);
  } catch (error) {
    log.warn('metrics: PostgreSQL figures could not be read', error);
    for (const metric of FROM_DATABASE) metric.reset();
    databaseUp.set(0);
  }
  return registry.metrics();
}
