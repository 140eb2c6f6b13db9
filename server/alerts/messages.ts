// The words of an alert, in the operators' language (ALERT_LOCALE, Russian by default), from its codes and
// numbers only: a message never carries payment details, addresses, amounts or anything about a client.
import type { Locale } from '../i18n/texts.ts';
import type { AlertKind, AlertParams } from './kinds.ts';

const TEMPLATES: Record<AlertKind, Record<Locale, string>> = {
  new_claim: {
    ru: 'Новая заявка {number}: {from} → {to}, статус {status}.',
    en: 'New request {number}: {from} → {to}, status {status}.',
  },
  payment_seen: {
    ru: 'Замечен платёж по заявке {number} ({currency}), депозит: {deposit}.',
    en: 'Payment seen for request {number} ({currency}), deposit: {deposit}.',
  },
  claim_waiting: {
    ru: 'Заявка {number} ждёт оператора {minutes} мин. в статусе {status}.',
    en: 'Request {number} has waited for an operator for {minutes} min in status {status}.',
  },
  rate_paused: {
    ru: 'Направление {from} → {to} приостановлено: курс устарел.',
    en: 'Direction {from} → {to} is paused: its rate is stale.',
  },
  rate_held: {
    ru: 'Скачок курса {from} → {to} задержан и ждёт решения оператора.',
    en: 'A rate jump of {from} → {to} is held for the operator to decide.',
  },
  reserve_low: {
    ru: 'Резерв {currency} ниже порога: свободно {freePercent}% (порог {threshold}%).',
    en: 'The {currency} reserve is below its threshold: {freePercent}% free (threshold {threshold}%).',
  },
  addresses_low: {
    ru: 'Адреса для депозитов {currency} заканчиваются: {detail}.',
    en: 'Deposit addresses of {currency} are running low: {detail}.',
  },
  export_withheld: {
    ru: 'Направление {from} → {to} не выгружено мониторингам: расхождение ({reason}).',
    en: 'Direction {from} → {to} is withheld from the monitors’ export: it disagrees ({reason}).',
  },
};

function addressDetail(locale: Locale, params: AlertParams): string {
  if (params.gap !== undefined) {
    return locale === 'ru'
      ? `${params.gap} неоплаченных адресов подряд, больше предела кошелька`
      : `${params.gap} unpaid addresses in a row, past the wallet's gap limit`;
  }
  return locale === 'ru'
    ? `свободно ${params.free} (порог ${params.threshold})`
    : `${params.free} free (threshold ${params.threshold})`;
}

export function alertText(kind: AlertKind, params: AlertParams, locale: Locale): string {
  const values: AlertParams = kind === 'addresses_low' ? { ...params, detail: addressDetail(locale, params) } : params;
  return TEMPLATES[kind][locale].replace(/\{(\w+)\}/g, (whole, name: string) => String(values[name] ?? whole));
}
