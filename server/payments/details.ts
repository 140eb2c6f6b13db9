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
import { bilingual, type Text } from '../i18n/text.ts';
import type { Catalog } from '../catalogue/catalog.ts';
import { accountFieldOf } from './paymentRoute.ts';

export interface PayToLine {
  name: string;
  /** Translated where the line is shown (the claim page, the console, the creation mail). */
  label: Text;
  value: string;
}

export interface ClaimPaymentDetails {
  payTo: PayToLine[];
  /** What the client writes as the transfer's comment so the payment names its claim; null when none is needed. */
  paymentComment: string | null;
}

const ADDRESS_LABEL: Text = /*i18n*/ { id: 'payments.payTo.address', message: 'Wallet address' };
const HOLDER_LABEL: Text = /*i18n*/ { id: 'payments.payTo.holder', message: 'Recipient' };
const BANK_LABEL: Text = /*i18n*/ { id: 'payments.payTo.bank', message: 'Bank' };

/** A label the catalogue holds in both languages (a currency's field, its fixed details). */
function catalogueLabel(ru: string, en: string): Text {
  return /*i18n*/ { id: 'payments.payTo.catalogueLabel', message: '{label}', values: { label: bilingual(ru, en) } };
}

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

async function accountLines(db: Db, catalog: Catalog, claim: ClaimRow): Promise<PayToLine[] | null> {
  if (claim.receivingAccountId === null) return null;
  const [account] = await db.select().from(receivingAccounts).where(eq(receivingAccounts.id, claim.receivingAccountId));
  const field = accountFieldOf(catalog, claim.fromCurrencyId);
  if (!account || !field) return null;
  const lines: PayToLine[] = [
    {
      name: field.check === 'yoomoney' ? 'wallet' : field.check,
      label: catalogueLabel(field.labelRu, field.labelEn),
      value: shownNumber(field.check, account.number),
    },
  ];
  if (account.bank) lines.push({ name: 'bank', label: BANK_LABEL, value: account.bank });
  if (account.holder) lines.push({ name: 'name', label: HOLDER_LABEL, value: account.holder });
  return lines;
}

function fixedLines(catalog: Catalog, currency: CurrencyRow): PayToLine[] {
  return (catalog.paymentAccounts.get(currency.id) ?? []).map((row) => ({
    name: row.name,
    label: catalogueLabel(row.labelRu, row.labelEn),
    value: row.value,
  }));
}

export async function claimPaymentDetails(
  db: Db,
  catalog: Catalog,
  claim: ClaimRow,
  currency: CurrencyRow,
): Promise<ClaimPaymentDetails> {
  const address = currency.kind === 'crypto' ? await depositAddressOf(db, claim.uuid) : null;
  if (address !== null) {
    return {
      payTo: [{ name: 'address', label: ADDRESS_LABEL, value: address }],
      paymentComment: null,
    };
  }
  const account = await accountLines(db, catalog, claim);
  if (account !== null) return { payTo: account, paymentComment: claimNumber(claim.uuid) };
  return { payTo: fixedLines(catalog, currency), paymentComment: null };
}
