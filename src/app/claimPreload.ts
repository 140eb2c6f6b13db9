// What the claim page starts from when the server renders it: the claim as anyone holding its link sees it
// (the public view, requisites masked), its status and, while it can be paid, where to pay. Read from the API
// the browser would have called, without a token, and parsed with the same wire contract.
import type { LoadedClaim } from '../../machines/claimPayment.ts';
import { claimForm, claimRequisite, claimStatusResponse } from '../api/schemas/claim.ts';
import type { ClaimStatus } from '../domain/claimStatus.ts';
import type { Locale } from '../i18n/locales.ts';
import type { ApiReader } from './calculatorPreload.ts';

/** Where to pay is shown while the claim can be paid and once payment is reported (the client may check it). */
const STATUSES_WITH_PAYMENT_DETAILS: readonly ClaimStatus[] = ['new', 'awaiting_payment', 'paid'];

export function showsPaymentDetails(status: ClaimStatus): boolean {
  return STATUSES_WITH_PAYMENT_DETAILS.includes(status);
}

/** The claim's public view, or null when any part of it did not answer (the page then loads it itself). */
export async function claimPreload(read: ApiReader, locale: Locale, uuid: string): Promise<LoadedClaim | null> {
  const base = `${locale === 'en' ? '/en' : ''}/api/v1/claim/${encodeURIComponent(uuid)}`;
  const [form, status] = await Promise.all([read(`${base}/form/`), read(`${base}/status/`)]);
  const parsedForm = claimForm.safeParse(form);
  const parsedStatus = claimStatusResponse.safeParse(status);
  if (!parsedForm.success || !parsedStatus.success) return null;
  if (!showsPaymentDetails(parsedStatus.data.status)) {
    return { form: parsedForm.data, requisite: null, status: parsedStatus.data };
  }
  const requisite = claimRequisite.safeParse(await read(`${base}/requisite/`));
  if (!requisite.success) return null;
  return { form: parsedForm.data, requisite: requisite.data, status: parsedStatus.data };
}
