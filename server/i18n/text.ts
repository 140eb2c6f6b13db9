// What the server says, as a code: services, rules and jobs return or throw Texts, never sentences; the HTTP edge,
// the mail renderer and the CLI translate them in the reader's language from locales/{ru,en}/server.po.
//
// Write each one as a Lingui message descriptor marked for extraction, so `npm run lingui:extract` collects it:
//   /*i18n*/ { id: 'claims.amount.min', message: 'The minimum amount is {amount}.', values: { amount } }
// `id` is the code (object.subject.case), `message` the English wording, `values` fill its {placeholders}.

/** An amount of a currency, formatted with the reader's grouping and decimal mark ("4 404,80 RUB" / "4,404.80 RUB"). */
export interface AmountValue {
  amount: string;
  unit: string;
  /** Pads the fraction to the currency's decimals, as the calculator shows it. */
  decimals?: number;
}

/** A value that has a wording per language (a currency's or a direction's name from its bilingual columns). */
export interface BilingualValue {
  ru: string;
  en: string;
}

/**
 * A Text inside a Text, translated with it; a list of them reads as one phrase, each translated and joined by commas
 * (the fixes a refused password needs: "make it 8 to 128 characters long, add a digit").
 */
export type NestedText = Text | readonly Text[];

export type TextValue = string | number | AmountValue | BilingualValue | NestedText;

export interface Text {
  /** The code: stable, what clients and tests may match on. */
  id: string;
  /** The English wording (the catalogs' source). */
  message: string;
  values?: Record<string, TextValue>;
}

export function isText(value: unknown): value is Text {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const candidate = value as Record<string, unknown>;
  return typeof candidate.id === 'string' && typeof candidate.message === 'string';
}

/** A bilingual pair of columns as one value: bilingual(row.nameRu, row.nameEn). */
export function bilingual(ru: string, en: string): BilingualValue {
  return { ru, en };
}
