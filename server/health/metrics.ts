// The Prometheus metrics of a server process (prom-client, a registry of its own). Counters of what this process
// did (requests, mail failures) add up across instances; the figures read from PostgreSQL at scrape time (claims,
// mail queue, rates age, deposit addresses) are the same on every instance.
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

export const registry = new Registry();
collectDefaultMetrics({ register: registry });

const requestLabels = ['method', 'route', 'status'] as const;

export const httpRequests = new Counter({
  name: 'http_requests_total',
  help: 'HTTP requests answered, by method, route pattern and status.',
  labelNames: requestLabels,
  registers: [registry],
});

export const httpDuration = new Histogram({
  name: 'http_request_duration_seconds',
  help: 'Time to answer an HTTP request, by method, route pattern and status.',
  labelNames: requestLabels,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});

export const pageCacheEntries = new Gauge({
  name: 'exchanger_page_cache_entries',
  help: 'Rendered pages this process keeps: one per page, language and deep link, whatever else the query holds.',
  registers: [registry],
});

export const mailFailures = new Counter({
  name: 'exchanger_mail_failures_total',
  help: 'Mails this process failed to send (SMTP refused or unreachable), by kind.',
  labelNames: ['kind'],
  registers: [registry],
});

export const databaseUp = new Gauge({
  name: 'exchanger_database_up',
  help: '1 when PostgreSQL answered this scrape, else 0 (the figures read from it are then left out).',
  registers: [registry],
});

// Counts PostgreSQL keeps (claims are never deleted): counters set to the stored total at each scrape.
export const claimsCreated = new Counter({
  name: 'exchanger_claims_created_total',
  help: 'Claims ever created (read from PostgreSQL: every instance reports the same).',
  registers: [registry],
});

export const claimsCompleted = new Counter({
  name: 'exchanger_claims_completed_total',
  help: 'Claims ever completed (read from PostgreSQL).',
  registers: [registry],
});

export const claimsByStatus = new Gauge({
  name: 'exchanger_claims',
  help: 'Claims in each status now (read from PostgreSQL).',
  labelNames: ['status'],
  registers: [registry],
});

export const mailQueueDepth = new Gauge({
  name: 'exchanger_mail_queue_depth',
  help: 'Claim mails not sent yet (read from PostgreSQL).',
  registers: [registry],
});

export const mailQueueFailing = new Gauge({
  name: 'exchanger_mail_queue_failing',
  help: 'Claim mails not sent yet whose last attempt failed (read from PostgreSQL).',
  registers: [registry],
});

export const ratesRefreshAge = new Gauge({
  name: 'exchanger_rates_last_refresh_age_seconds',
  help: 'Seconds since an instance last refreshed the live rates (absent before the first refresh).',
  registers: [registry],
});

export const rateSourceAge = new Gauge({
  name: 'exchanger_rate_source_age_seconds',
  help: 'Seconds since a market source last answered, by source.',
  labelNames: ['source'],
  registers: [registry],
});

export const depositAddressesLeft = new Gauge({
  name: 'exchanger_deposit_addresses_left',
  help: 'Free deposit addresses per crypto currency (+Inf where addresses are derived from an extended public key).',
  labelNames: ['currency'],
  registers: [registry],
});
