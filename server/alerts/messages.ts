// The words of an alert, as Texts built from its codes and numbers only: a message never carries payment details,
// addresses, amounts or anything about a client. Delivery translates them into the operators' language
// (ALERT_LOCALE, Russian by default).
import type { Text, TextValue } from '../i18n/text.ts';
import type { AlertKind, AlertParams } from './kinds.ts';

const TEMPLATES: Record<AlertKind, Text> = {
  new_claim: /*i18n*/ { id: 'alerts.newClaim', message: 'New request {number}: {from} → {to}, status {status}.' },
  payment_seen: /*i18n*/ {
    id: 'alerts.paymentSeen',
    message: 'Payment seen for request {number} ({currency}), deposit: {deposit}.',
  },
  claim_waiting: /*i18n*/ {
    id: 'alerts.claimWaiting',
    message: 'Request {number} has waited for an operator for {minutes} min in status {status}.',
  },
  rate_paused: /*i18n*/ { id: 'alerts.ratePaused', message: 'Direction {from} → {to} is paused: its rate is stale.' },
  rate_held: /*i18n*/ { id: 'alerts.rateHeld', message: 'A rate jump of {from} → {to} is held for the operator to decide.' },
  reserve_low: /*i18n*/ {
    id: 'alerts.reserveLow',
    message: 'The {currency} reserve is below its threshold: {freePercent}% free (threshold {threshold}%).',
  },
  addresses_low: /*i18n*/ { id: 'alerts.addressesLow', message: 'Deposit addresses of {currency} are running low: {detail}.' },
  export_withheld: /*i18n*/ {
    id: 'alerts.exportWithheld',
    message: 'Direction {from} → {to} is withheld from the monitors’ export: it disagrees ({reason}).',
  },
};

/** How the deposit addresses run low: a gap of unpaid ones past the wallet's limit, or too few free. */
function addressDetail(params: AlertParams): Text {
  if (params.gap !== undefined) {
    return /*i18n*/ {
      id: 'alerts.addressesLow.gap',
      message: "{gap} unpaid addresses in a row, past the wallet's gap limit",
      values: params,
    };
  }
  return /*i18n*/ { id: 'alerts.addressesLow.free', message: '{free} free (threshold {threshold})', values: params };
}

export function alertText(kind: AlertKind, params: AlertParams): Text {
  const values: Record<string, TextValue> = kind === 'addresses_low' ? { ...params, detail: addressDetail(params) } : params;
  return { ...TEMPLATES[kind], values };
}
