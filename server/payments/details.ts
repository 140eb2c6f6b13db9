// Where a client pays one claim: the deposit address it was given (crypto), or the exchanger's account it was
// given with the claim number as the payment comment (cards, SBP, e-money), or the currency's fixed details
// (cash, and claims created before per-claim details existed).
import { eq } from 'drizzle-orm';
import { claimNumber } from '../../src/domain/claimNumber.ts';
import { cardInFours } from '../../src/domain/requisiteMask.ts';
import type { Db } from '../db/index.ts';
import type { CurrencyRow } from '../db/schema/calculator.ts';
import type { ClaimRow } from '../db/schema/claims.ts';
import { depositAddresses } from '../db/schema/depositAddresses.ts';
import { receivingAccounts } from '../db/schema/receivingAccounts.ts';
import { pick, type Locale } from '../i18n/texts.ts';
import type { Catalog } from '../catalogue/catalog.ts';
import { accountFieldOf } from './paymentRoute.ts';

export interface PayToLine {
  name: string;
  label: string;
  value: string;
}

export interface ClaimPaymentDetails {
  payTo: PayToLine[];
  /** What the client writes as the transfer's comment so the payment names its claim; null when none is needed. */
  paymentComment: string | null;
}

const ADDRESS_LABEL = { ru: 'Адрес кошелька', en: 'Wallet address' };
const HOLDER_LABEL = { ru: 'Получатель', en: 'Recipient' };
const BANK_LABEL = { ru: 'Банк', en: 'Bank' };

function shownNumber(check: string, number: string): string {
  return check === 'card' ? cardInFours(number) : number;
}

async function depositAddressOf(db: Db, uuid: string): Promise<string | null> {
  const [row] = await db
    .select({ address: depositAddresses.address })
    .from(depositAddresses)
    .where(eq(depositAddresses.claimUuid, uuid));
  return row?.address ?? null;
}

async function accountLines(db: Db, catalog: Catalog, claim: ClaimRow, locale: Locale): Promise<PayToLine[] | null> {
  if (claim.receivingAccountId === null) return null;
  const [account] = await db.select().from(receivingAccounts).where(eq(receivingAccounts.id, claim.receivingAccountId));
  const field = accountFieldOf(catalog, claim.fromCurrencyId);
  if (!account || !field) return null;
  const lines: PayToLine[] = [
    {
      name: field.check === 'yoomoney' ? 'wallet' : field.check,
      label: pick(locale, field.labelRu, field.labelEn),
      value: shownNumber(field.check, account.number),
    },
  ];
  if (account.bank)
    lines.push({ name: 'bank', label: pick(locale, BANK_LABEL.ru, BANK_LABEL.en), value: account.bank });
  if (account.holder)
    lines.push({ name: 'name', label: pick(locale, HOLDER_LABEL.ru, HOLDER_LABEL.en), value: account.holder });
  return lines;
}

function fixedLines(catalog: Catalog, currency: CurrencyRow, locale: Locale): PayToLine[] {
  return (catalog.paymentAccounts.get(currency.id) ?? []).map((row) => ({
    name: row.name,
    label: pick(locale, row.labelRu, row.labelEn),
    value: row.value,
  }));
}

export async function claimPaymentDetails(
  db: Db,
  catalog: Catalog,
  claim: ClaimRow,
  currency: CurrencyRow,
  locale: Locale,
): Promise<ClaimPaymentDetails> {
  const address = currency.kind === 'crypto' ? await depositAddressOf(db, claim.uuid) : null;
  if (address !== null) {
    return {
      payTo: [{ name: 'address', label: pick(locale, ADDRESS_LABEL.ru, ADDRESS_LABEL.en), value: address }],
      paymentComment: null,
    };
  }
  const account = await accountLines(db, catalog, claim, locale);
  if (account !== null) return { payTo: account, paymentComment: claimNumber(claim.uuid) };
  return { payTo: fixedLines(catalog, currency, locale), paymentComment: null };
}
