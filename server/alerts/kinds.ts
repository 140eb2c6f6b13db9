// What an operator can be alerted about. Event kinds happen once (a claim, a deposit); condition kinds hold for a
// while and alert once until they clear. Critical kinds are sent even in quiet hours: they stop the service.

export const ALERT_KINDS = [
  'new_claim',
  'payment_seen',
  'claim_waiting',
  'rate_paused',
  'rate_held',
  'reserve_low',
  'addresses_low',
  'export_withheld',
] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

export const EVENT_KINDS: readonly AlertKind[] = ['new_claim', 'payment_seen'];

/** Clients cannot be served (no address to pay to, nothing left to pay out): worth waking someone for. */
export const CRITICAL_KINDS: readonly AlertKind[] = ['reserve_low', 'addresses_low'];

/** Parameters a message is built from: codes, numbers and statuses only, never personal data. */
export type AlertParams = Record<string, string | number>;
