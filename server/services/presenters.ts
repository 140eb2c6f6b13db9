// Rows → wire shapes of src/api/schemas, in the caller's language.
import type { Currency, FormField, PairSide } from '../../src/api/schemas/calculator.ts';
import type { CurrencyFieldRow, CurrencyRow, DirectionRow, Side } from '../db/schema/calculator.ts';
import type { Locale } from '../http/env.ts';
import { pick } from '../http/i18n.ts';
import { decOrNull, sideFields, type Catalog } from './catalog.ts';

export function currencyDto(row: CurrencyRow, locale: Locale): Currency {
  return {
    id: row.id,
    code: row.code,
    name: pick(locale, row.nameRu, row.nameEn),
    network: row.network,
    kind: row.kind,
    unit: row.unit,
    icon: row.icon,
  };
}

export function fieldDto(row: CurrencyFieldRow, locale: Locale): FormField {
  return {
    name: row.name,
    label: pick(locale, row.labelRu, row.labelEn),
    placeholder: pick(locale, row.placeholderRu, row.placeholderEn),
    check: row.check,
    visible: row.visible,
    required: row.required,
  };
}

/** One side of a pair: the give side (`from`) asks for its currency's give fields, the receive side for receive fields. */
export function pairSideDto(catalog: Catalog, direction: DirectionRow, which: 'from' | 'to', locale: Locale): PairSide {
  const currencyId = which === 'from' ? direction.fromId : direction.toId;
  const currency = catalog.currencyById.get(currencyId)!;
  const side: Side = which === 'from' ? 'give' : 'receive';
  const notify =
    which === 'from'
      ? pick(locale, direction.fromNotifyRu, direction.fromNotifyEn)
      : pick(locale, direction.toNotifyRu, direction.toNotifyEn);
  return {
    currency: currencyDto(currency, locale),
    min: decOrNull(which === 'from' ? direction.fromMin : direction.toMin),
    minVerification: decOrNull(which === 'from' ? direction.fromMinVerification : direction.toMinVerification),
    max: decOrNull(which === 'from' ? direction.fromMax : direction.toMax),
    roundCalculator: currency.decimals,
    notify,
    structure: {
      input: sideFields(catalog, currencyId, side).map((row) => fieldDto(row, locale)),
      currency: [currency.unit],
      network: currency.network ? [currency.network] : [],
    },
  };
}
