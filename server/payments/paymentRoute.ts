// How a client pays a currency, which decides what a new claim is given: crypto is paid to an address of its own
// from the pool, roubles by card, SBP or e-money into one of the exchanger's accounts with the claim number as the
// comment, cash at the office (the currency's fixed details).
import { isAddressCheck, type AddressCheck, type RequisiteCheck } from '../../src/domain/requisites.ts';
import type { CurrencyRow } from '../db/schema/calculator.ts';
import { PAYMENT_ROUTE_OF_KIND, type PaymentRoute } from './payability.ts';
import { sideFields, type Catalog } from '../catalogue/catalog.ts';

export type { PaymentRoute };

export function paymentRouteOf(currency: Pick<CurrencyRow, 'kind'>): PaymentRoute {
  return PAYMENT_ROUTE_OF_KIND[currency.kind];
}

/** The checks an account number may follow: card numbers, SBP phones, YooMoney wallets. */
export type AccountCheck = Extract<RequisiteCheck, 'card' | 'phone' | 'yoomoney'>;

function isAccountCheck(check: RequisiteCheck): check is AccountCheck {
  return check === 'card' || check === 'phone' || check === 'yoomoney';
}

/**
 * The rule a currency's addresses follow: the one its own payouts are checked with (the receive side's address
 * field), so the pool takes exactly what a client could be paid to on that network.
 */
export function addressCheckOf(catalog: Catalog, currencyId: number): AddressCheck | null {
  const field = sideFields(catalog, currencyId, 'receive').find((row) => isAddressCheck(row.check));
  return field && isAddressCheck(field.check) ? field.check : null;
}

/** The rule and label of a currency's account number (card, phone, wallet), from its receive side's fields. */
export function accountFieldOf(
  catalog: Catalog,
  currencyId: number,
): { check: AccountCheck; labelRu: string; labelEn: string } | null {
  const field = sideFields(catalog, currencyId, 'receive').find((row) => isAccountCheck(row.check));
  return field && isAccountCheck(field.check)
    ? { check: field.check, labelRu: field.labelRu, labelEn: field.labelEn }
    : null;
}
