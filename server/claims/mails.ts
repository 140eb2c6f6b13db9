// The mails a client gets about a claim, in the claim's language, each with the link back to the claim page:
// created (number, amounts, course, where and how to pay, deadline) and one per status it reaches afterwards.
import { moveNeedsReason } from '../../src/domain/claimReasons.ts';
import { claimNumber } from '../../src/domain/claimNumber.ts';
import { formatAmount } from '../../src/domain/money.ts';
import type { ClaimStatus } from '../../src/domain/claimStatus.ts';
import type { CurrencyRow } from '../db/schema/calculator.ts';
import type { ClaimRow } from '../db/schema/claims.ts';
import type { Catalog } from '../catalogue/catalog.ts';
import type { ClaimPaymentDetails } from '../payments/details.ts';
import type { Locale } from '../i18n/texts.ts';
import type { OutgoingMail } from '../mail/send.ts';

/** Statuses that tell the client nothing new (the claim is being set up) send no mail. */
const SILENT: readonly ClaimStatus[] = ['new', 'awaiting_payment'];

/** Whether reaching `status` owes the client a mail. */
export function mailsClient(status: ClaimStatus): boolean {
  return !SILENT.includes(status);
}

interface Wording {
  subject: string;
  lead: string;
}

/** {n} is the claim number. */
const MOVED: Record<Exclude<ClaimStatus, 'new' | 'awaiting_payment'>, Record<Locale, Wording>> = {
  paid: {
    ru: { subject: 'Заявка {n}: вы сообщили об оплате', lead: 'Вы сообщили, что оплатили заявку {n}. Оператор проверит поступление платежа; реквизиты остаются на странице заявки.' },
    en: { subject: 'Request {n}: payment reported', lead: 'You reported that request {n} is paid. The operator will check that the payment has arrived; the payment details stay on the request page.' },
  },
  processing: {
    ru: { subject: 'Заявка {n}: оплата получена', lead: 'Оплата по заявке {n} получена. Мы отправляем вам средства.' },
    en: { subject: 'Request {n}: payment received', lead: 'The payment for request {n} has arrived. We are sending your money.' },
  },
  completed: {
    ru: { subject: 'Заявка {n} выполнена', lead: 'Обмен по заявке {n} завершён: средства отправлены по вашим реквизитам.' },
    en: { subject: 'Request {n} completed', lead: 'The exchange of request {n} is complete: the money has been sent to your details.' },
  },
  rejected: {
    ru: { subject: 'Заявка {n} отклонена', lead: 'Заявка {n} отклонена оператором.' },
    en: { subject: 'Request {n} rejected', lead: 'Request {n} has been rejected by the operator.' },
  },
  expired: {
    ru: { subject: 'Заявка {n}: время оплаты истекло', lead: 'Время ожидания оплаты по заявке {n} истекло. Если вы всё ещё хотите совершить обмен, создайте новую заявку. Если вы уже отправили платёж, напишите в поддержку.' },
    en: { subject: 'Request {n}: payment time expired', lead: 'The waiting time for payment of request {n} has expired. If you still want to exchange, create a new request. If you have already sent the payment, contact support.' },
  },
  canceled: {
    ru: { subject: 'Заявка {n} отменена', lead: 'Заявка {n} отменена. Деньги не списывались.' },
    en: { subject: 'Request {n} canceled', lead: 'Request {n} has been canceled. No money was taken.' },
  },
  on_hold: {
    ru: { subject: 'Заявка {n} приостановлена', lead: 'Оператор приостановил заявку {n} для проверки. Мы напишем вам, когда проверка закончится.' },
    en: { subject: 'Request {n} on hold', lead: 'The operator has put request {n} on hold for a check. We will write to you when the check is over.' },
  },
  returned: {
    ru: { subject: 'Заявка {n}: платёж возвращён', lead: 'Ваш платёж по заявке {n} возвращён.' },
    en: { subject: 'Request {n}: payment returned', lead: 'Your payment for request {n} has been returned.' },
  },
  paid_late: {
    ru: { subject: 'Заявка {n}: оплата пришла после срока', lead: 'Оплата по заявке {n} поступила, когда заявка уже была закрыта (истекло время ожидания или заявка отменена). Оператор пересчитает обмен по текущему курсу или вернёт платёж; мы напишем вам о решении.' },
    en: { subject: 'Request {n}: payment arrived late', lead: 'The payment for request {n} arrived after the request had closed (its waiting time had expired or it was canceled). The operator will either recalculate the exchange at the current rate or return the payment; we will write to you about the decision.' },
  },
  payment_error: {
    ru: { subject: 'Заявка {n}: проблема с оплатой', lead: 'С оплатой по заявке {n} возникла проблема. Оператор продолжит обмен или вернёт платёж.' },
    en: { subject: 'Request {n}: a problem with the payment', lead: 'There is a problem with the payment for request {n}. The operator will either continue the exchange or return the payment.' },
  },
  payout_error: {
    ru: { subject: 'Заявка {n}: выплата не прошла', lead: 'Нам не удалось отправить средства по заявке {n}. Оператор повторит выплату или вернёт ваш платёж.' },
    en: { subject: 'Request {n}: the payout failed', lead: 'We could not send the money for request {n}. The operator will send it again or return your payment.' },
  },
  needs_verification: {
    ru: { subject: 'Заявка {n}: нужна проверка', lead: 'Прежде чем выплатить средства по заявке {n}, нам нужно проверить вашу карту или личность. Оператор свяжется с вами.' },
    en: { subject: 'Request {n}: verification needed', lead: 'Before paying out request {n} we need to verify your card or identity. The operator will contact you.' },
  },
};

const CREATED: Record<Locale, Wording> = {
  ru: { subject: 'Заявка {n} создана', lead: 'Вы создали заявку {n} на обмен.' },
  en: { subject: 'Request {n} created', lead: 'You have created exchange request {n}.' },
};

/** The move to processing of a late payment: accepted at the course of that moment. */
const REPRICED: Record<Locale, Wording> = {
  ru: { subject: 'Заявка {n} пересчитана по текущему курсу', lead: 'Оплата по заявке {n} пришла после срока. Мы приняли её и пересчитали обмен по курсу на момент приёма; средства отправляются.' },
  en: { subject: 'Request {n} recalculated at the current rate', lead: 'The payment for request {n} arrived after the deadline. We have accepted it and recalculated the exchange at the rate of that moment; your money is on its way.' },
};

const WORDS = {
  ru: {
    give: 'Вы отдаёте',
    receive: 'Вы получаете',
    course: 'Курс',
    newCourse: 'Новый курс',
    payTo: 'Куда платить',
    paymentComment: 'Комментарий к переводу (обязательно)',
    deadline: 'Оплатите до',
    reason: 'Причина',
    open: 'Открыть заявку',
    tail: 'Ссылка ведёт на страницу заявки: там её статус и история.',
  },
  en: {
    give: 'You give',
    receive: 'You receive',
    course: 'Rate',
    newCourse: 'New rate',
    payTo: 'Where to pay',
    paymentComment: 'Payment comment (required)',
    deadline: 'Pay before',
    reason: 'Reason',
    open: 'Open the request',
    tail: 'The link opens the request page with its status and history.',
  },
} as const;

export function claimLink(publicUrl: string, locale: Locale, uuid: string): string {
  return `${publicUrl}${locale === 'en' ? '/en' : ''}/claim/${uuid}`;
}

function escapeHtml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function amount(value: string, currency: CurrencyRow | undefined, locale: Locale): string {
  return `${formatAmount(value, locale === 'en' ? 'en-US' : 'ru-RU')} ${currency?.unit ?? ''}`.trim();
}

/** Deadlines in Moscow time, as the site's course line shows times. */
function moscowTime(at: Date, locale: Locale): string {
  const text = new Intl.DateTimeFormat(locale === 'en' ? 'en-GB' : 'ru-RU', {
    timeZone: 'Europe/Moscow',
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(at);
  return `${text} ${locale === 'en' ? 'MSK' : 'МСК'}`;
}

/** What one outbox row asks for: the creation mail, or the move to `status` with the reason it left. */
export interface ClaimMailSubject {
  status: ClaimStatus;
  announcesCreation: boolean;
  announcesRepricing: boolean;
  reason: string | null;
}

/** Label/value lines of the mail body beside its lead. */
function factsOf(
  claim: ClaimRow,
  catalog: Catalog,
  about: ClaimMailSubject,
  locale: Locale,
  payment: ClaimPaymentDetails | null,
): [string, string][] {
  const created = about.announcesCreation;
  const words = WORDS[locale];
  const from = catalog.currencyById.get(claim.fromCurrencyId);
  const to = catalog.currencyById.get(claim.toCurrencyId);
  const facts: [string, string][] = [
    [words.give, amount(claim.fromSumma, from, locale)],
    [words.receive, amount(claim.toSumma, to, locale)],
  ];
  if (created) {
    facts.push([words.course, `1 ${from?.unit ?? ''} = ${amount(claim.course, to, locale)}`]);
    for (const line of payment?.payTo ?? []) facts.push([`${words.payTo}: ${line.label}`, line.value]);
    if (payment?.paymentComment) facts.push([words.paymentComment, payment.paymentComment]);
    facts.push([words.deadline, moscowTime(claim.deadline, locale)]);
  }
  // The claim holds the new course and amount: it is re-priced once at most.
  if (about.announcesRepricing) facts.push([words.newCourse, `1 ${from?.unit ?? ''} = ${amount(claim.course, to, locale)}`]);
  if (moveNeedsReason(about.status) && about.reason) facts.push([words.reason, about.reason]);
  return facts;
}

/** The mail for a claim that was just created or reached a status, in the claim's language. */
export function claimMail(
  claim: ClaimRow,
  catalog: Catalog,
  about: ClaimMailSubject,
  publicUrl: string,
  /** Where this claim is paid: told in the creation mail. */
  payment: ClaimPaymentDetails | null,
): OutgoingMail {
  const { status, announcesCreation: created } = about;
  const locale: Locale = claim.locale === 'en' ? 'en' : 'ru';
  const wording = created
    ? CREATED[locale]
    : about.announcesRepricing
      ? REPRICED[locale]
      : MOVED[status as keyof typeof MOVED][locale];
  const n = claimNumber(claim.uuid);
  const subject = wording.subject.replace('{n}', n);
  const lead = wording.lead.replace('{n}', n);
  const link = claimLink(publicUrl, locale, claim.uuid);
  const facts = factsOf(claim, catalog, about, locale, payment);
  const words = WORDS[locale];
  const text = [lead, '', ...facts.map(([label, value]) => `${label}: ${value}`), '', `${words.open}: ${link}`, '', words.tail, ''].join('\n');
  const html =
    `<p>${escapeHtml(lead)}</p>` +
    `<table>${facts.map(([label, value]) => `<tr><td style="color:#555;padding-right:12px">${escapeHtml(label)}</td><td><b>${escapeHtml(value)}</b></td></tr>`).join('')}</table>` +
    `<p><a href="${escapeHtml(link)}">${escapeHtml(words.open)}</a></p>` +
    `<p style="color:#555">${escapeHtml(words.tail)}</p>`;
  const kind = created ? 'claim_created' : about.announcesRepricing ? 'claim_repriced' : `claim_${status}`;
  return { kind, locale, to: claim.email, subject, text, html, link };
}
