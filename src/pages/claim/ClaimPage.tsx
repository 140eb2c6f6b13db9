// /claim/{uuid}: the claim as created (amounts, course, the client's details), where and how to pay before the
// deadline, "I have paid", cancel, the receipt upload, and the live status until the exchange is final.
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useParams } from 'wouter';
import type { Currency } from '../../api/schemas/calculator.ts';
import type { ClaimForm, ClaimRequisite, ClaimStatusResponse } from '../../api/schemas/claim.ts';
import { useClaimPayment } from '../../flows/claimPayment.ts';
import { useInitialPage } from '../../flows/initialPage.ts';
import { CopyButton } from '../../components/ui/CopyButton.tsx';
import { CourseLine } from '../../components/exchange/CourseLine.tsx';
import { CurrencyIcon } from '../../components/exchange/CurrencyIcon.tsx';
import { Page } from '../../components/layout/Page.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { LocalLink } from '../../components/ui/LocalLink.tsx';
import { Modal } from '../../components/ui/Modal.tsx';
import { Spinner } from '../../components/ui/Spinner.tsx';
import { useFormErrorText } from '../../components/ui/formErrorText.ts';
import { claimNumber } from '../../domain/claimNumber.ts';
import { moveNeedsReason } from '../../domain/claimReasons.ts';
import { takesReceipt } from '../../domain/claimStatus.ts';
import { formatAmount } from '../../domain/money.ts';
import { LocalDateTime } from '../../components/content/LocalDateTime.tsx';
import { LOCALE_TAGS } from '../../i18n/locales.ts';
import { useLocale } from '../../i18n/useLocale.ts';
import type { Locale } from '../../i18n/locales.ts';
import { CLAIM_STATUS_LABELS, CLAIM_STATUS_TONES } from '../account/claimStatusLabels.ts';
import { BillUpload } from './BillUpload.tsx';
import { Countdown } from './Countdown.tsx';
import { RepricedNotice } from './RepricedNotice.tsx';
import { RateReceipt } from './RateReceipt.tsx';
import { Deposits } from './Deposits.tsx';
import { CLAIM_STATUS_EXPLANATIONS, REQUISITE_LABELS } from './statusTexts.ts';
import { CardVerificationNotice } from './CardVerificationNotice.tsx';

const TIMELINE_LABEL = msg`Status history`;

const QrCode = lazy(() => import('../../components/exchange/QrCode.tsx').then((module) => ({ default: module.QrCode })));

/** The claim form names no rounding: crypto amounts read well with 8 decimals, money with 2. */
function decimalsOf(currency: Currency): number {
  return currency.kind === 'crypto' ? 8 : 2;
}

function Card({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <section className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6">
      <h2 className="text-lg font-bold text-navy-900">{title}</h2>
      <div className="mt-3">{children}</div>
    </section>
  );
}

function Summary({ form, tag, locale }: { form: ClaimForm; tag: string; locale: Locale }) {
  const { i18n } = useLingui();
  const side = (part: ClaimForm['from']) => (
    <div className="flex items-center gap-3">
      <CurrencyIcon icon={part.currency.icon} className="size-9" />
      <div className="min-w-0">
        <p className="text-lg font-bold text-navy-900 tabular-nums">
          {formatAmount(part.summa, tag)} {part.currency.unit}
        </p>
        <p className="truncate text-sm text-slate-600">
          {part.currency.name}
          {part.currency.network && part.currency.network !== part.currency.unit ? ` · ${part.currency.network}` : ''}
        </p>
      </div>
    </div>
  );
  const requisites = Object.entries(form.to.requisites).filter(([, value]) => value !== '');
  // Paying money for coins: the payment must come from the card given in the claim, so the page shows it.
  const senderRequisites =
    form.from.currency.kind === 'crypto' ? [] : Object.entries(form.from.requisites).filter(([, value]) => value !== '');
  const label = (name: string) => (REQUISITE_LABELS[name] ? i18n._(REQUISITE_LABELS[name]) : name);
  return (
    <Card title={<Trans>Exchange details</Trans>}>
      <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-1">
        <div>
          <dt className="mb-1 text-sm font-medium text-slate-600">
            <Trans>You give</Trans>
          </dt>
          <dd data-testid="claim-give">{side(form.from)}</dd>
        </div>
        <div>
          <dt className="mb-1 text-sm font-medium text-slate-600">
            <Trans>You receive</Trans>
          </dt>
          <dd data-testid="claim-receive">{side(form.to)}</dd>
        </div>
      </dl>
      <div className="mt-4 border-t border-slate-200 pt-3">
        <CourseLine
          course={form.course}
          from={{ unit: form.from.currency.unit, decimals: decimalsOf(form.from.currency) }}
          to={{ unit: form.to.currency.unit, decimals: decimalsOf(form.to.currency) }}
          locale={tag}
        />
        <p className="mt-1 text-xs text-slate-600">
          {form.withVerificationCourse ? (
            <Trans>The verified course is fixed for this claim.</Trans>
          ) : (
            <Trans>The course is fixed for this claim.</Trans>
          )}
        </p>
        {form.rateReceipt && <RateReceipt receipt={form.rateReceipt} locale={locale} />}
      </div>
      <dl className="mt-4 grid gap-x-6 gap-y-2 border-t border-slate-200 pt-3 text-sm sm:grid-cols-2 lg:grid-cols-1">
        <div className="min-w-0">
          <dt className="text-slate-600">
            <Trans>Created</Trans>
          </dt>
          <dd className="font-medium text-slate-900" data-testid="claim-created">
            <LocalDateTime iso={form.createdAt} locale={locale} />
          </dd>
        </div>
        <div className="min-w-0">
          <dt className="text-slate-600">
            <Trans>E-mail</Trans>
          </dt>
          <dd className="font-medium break-all text-slate-900">{form.email}</dd>
        </div>
        {senderRequisites.map(([name, value]) => (
          <div key={`from-${name}`} className="min-w-0" data-testid="claim-sender">
            <dt className="text-slate-600">
              {label(name)} <Trans>(pay from it)</Trans>
            </dt>
            <dd className="font-medium break-all text-slate-900">{value}</dd>
          </div>
        ))}
        {requisites.map(([name, value]) => (
          <div key={name} className="min-w-0" data-testid="claim-payout">
            <dt className="text-slate-600">
              {label(name)} <Trans>(for the payout)</Trans>
            </dt>
            <dd className="font-medium break-all text-slate-900">{value}</dd>
          </div>
        ))}
        {form.promocode && (
          <div>
            <dt className="text-slate-600">
              <Trans>Promo code</Trans>
            </dt>
            <dd className="font-medium text-slate-900">{form.promocode}</dd>
          </div>
        )}
      </dl>
      {!form.owner && (
        <p className="mt-3 text-xs text-slate-600">
          <Trans>Card numbers, names and phones are partly hidden on this page. Sign in to the account of the claim to see them in full.</Trans>
        </p>
      )}
    </Card>
  );
}

function PayTo({ requisite, tag }: { requisite: ClaimRequisite; tag: string }) {
  const { t } = useLingui();
  // Purely visual: whether the QR dialog is open.
  const [qrOpen, setQrOpen] = useState(false);
  const amount = formatAmount(requisite.summa, tag);
  const crypto = requisite.currency.kind === 'crypto';
  const network = requisite.currency.network ?? requisite.currency.unit;
  return (
    <Card title={<Trans>Where to pay</Trans>}>
      <ul className="flex flex-col gap-3">
        <li className="flex flex-wrap items-center justify-between gap-2 rounded-xl bg-slate-50 px-3 py-2">
          <div className="min-w-0">
            <p className="text-sm text-slate-600">
              <Trans>Amount to send</Trans>
            </p>
            <p className="text-xl font-bold text-navy-900 tabular-nums" data-testid="pay-amount">
              {amount} {requisite.currency.unit}
            </p>
          </div>
          <CopyButton text={requisite.summa} subject={t`Amount to send`} />
        </li>
        {requisite.payTo.map((item) => (
          <li key={item.name} className="flex flex-wrap items-center justify-between gap-2 rounded-xl bg-slate-50 px-3 py-2">
            <div className="min-w-0">
              <p className="text-sm text-slate-600">{item.label}</p>
              <p className="font-mono text-base font-semibold break-all text-slate-900">{item.value}</p>
            </div>
            <CopyButton text={item.value} subject={item.label} />
            {crypto && item.name === 'address' && (
              <p role="note" className="w-full rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="network-warning">
                <Trans>
                  Network: <strong>{network}</strong>. Send only {requisite.currency.unit} over the {network} network to this
                  address: coins sent over another network are lost.
                </Trans>
              </p>
            )}
          </li>
        ))}
        {requisite.paymentComment && (
          <li className="flex flex-wrap items-center justify-between gap-2 rounded-xl bg-amber-50 px-3 py-2 ring-2 ring-amber-300" data-testid="payment-comment">
            <div className="min-w-0">
              <p className="text-sm font-medium text-amber-900">
                <Trans>Payment comment (required)</Trans>
              </p>
              <p className="font-mono text-xl font-bold tracking-wider text-slate-900">{requisite.paymentComment}</p>
            </div>
            <CopyButton text={requisite.paymentComment} subject={t`Payment comment`} />
            <p className="w-full text-sm text-amber-900">
              <Trans>Write this number in the comment of your transfer: it is how we match your payment to this request.</Trans>
            </p>
          </li>
        )}
      </ul>
      {requisite.comment && <p className="mt-3 text-sm text-slate-700">{requisite.comment}</p>}
      {requisite.qr && (
        <>
          <Button color="border" size="sm" className="mt-3 text-navy-900" onClick={() => setQrOpen(true)}>
            <Trans>Show QR code</Trans>
          </Button>
          <Modal open={qrOpen} onClose={() => setQrOpen(false)} variant="qr" title={t`Scan to pay`}>
            <Suspense fallback={<Spinner className="mx-auto size-8" />}>
              <QrCode text={requisite.qr} label={t`QR code of the payment: ${amount} ${requisite.currency.unit}`} />
            </Suspense>
            <p className="mt-3 text-sm break-all text-slate-700">
              {amount} {requisite.currency.unit}
            </p>
          </Modal>
        </>
      )}
    </Card>
  );
}

/** Every status the claim went through, with when, oldest first. */
function Timeline({ history, locale }: { history: ClaimStatusResponse['history']; locale: Locale }) {
  const { i18n } = useLingui();
  if (history.length === 0) return null;
  return (
    <ol className="mt-4 flex flex-col gap-2 border-t border-slate-200 pt-3 text-sm" aria-label={i18n._(TIMELINE_LABEL)} data-testid="claim-timeline">
      {history.map((step) => (
        <li key={`${step.status}-${step.at}`} className="flex flex-wrap items-baseline justify-between gap-x-3">
          <span className="font-medium text-slate-900">{i18n._(CLAIM_STATUS_LABELS[step.status])}</span>
          <LocalDateTime iso={step.at} locale={locale} className="text-slate-600 tabular-nums" />
        </li>
      ))}
    </ol>
  );
}

/**
 * The cards' places while the claim loads: at least a screen tall, so the footer stays below the fold and nothing
 * visible moves when the (taller) claim arrives.
 */
function ClaimSkeleton() {
  const card = 'animate-pulse rounded-2xl bg-white shadow-sm ring-1 ring-slate-200';
  return (
    <div aria-hidden="true" className="mt-5 grid min-h-svh content-start gap-5 lg:grid-cols-[minmax(0,1fr)_24rem]">
      <div className="flex flex-col gap-5">
        <div className={`h-36 ${card}`} />
        <div className={`h-96 ${card}`} />
      </div>
      <div className={`h-80 ${card}`} />
    </div>
  );
}

export default function ClaimPage() {
  const { t, i18n } = useLingui();
  const locale = useLocale();
  const tag = LOCALE_TAGS[locale];
  const { uuid = '' } = useParams<{ uuid: string }>();
  // A server-rendered claim page starts from the claim it was rendered with.
  const preloaded = useInitialPage()?.claim ?? null;
  const [state, send] = useClaimPayment({ uuid, preloaded });
  const errorText = useFormErrorText();
  const { context } = state;
  const { form, status } = context;
  const shortId = claimNumber(uuid);
  const title = t`Claim ${shortId}`;
  const bill = state.children.bill;

  if (state.hasTag('notFound')) {
    return (
      <Page title={t`Claim not found`}>
        <p className="text-slate-700">
          <Trans>There is no claim at this address. Check the link from the e-mail.</Trans>
        </p>
        <Button href="/" className="mt-4">
          <Trans>Go to the exchange</Trans>
        </Button>
      </Page>
    );
  }

  if (!form || !status) {
    return (
      <Page title={title}>
        <div role="status" className="flex items-center gap-3 text-slate-700">
          <Spinner className="size-5" />
          {state.hasTag('retrying') ? (
            <Trans>No connection to the server. Trying again…</Trans>
          ) : (
            <Trans>Loading the claim…</Trans>
          )}
        </div>
        <ClaimSkeleton />
      </Page>
    );
  }

  const awaiting = state.hasTag('payable');
  const following = state.hasTag('following');
  const expired = state.hasTag('expired');
  const askingCancel = state.hasTag('askingCancel');
  // Only the claim's creator changes it (the server refuses anyone else holding the link).
  const { mayChange } = context;
  const asking = state.hasTag('asking');
  const busy = state.hasTag('busy');
  const confirming = state.hasTag('confirming');
  const canceling = state.hasTag('canceling');
  const retrying = state.hasTag('retrying');
  const canceled = state.hasTag('canceled');
  // An expired or canceled claim is followed still (a late payment), but the client may start a new exchange.
  const final = state.status === 'done' || expired || canceled;
  // The clock may reach the deadline a moment before the server says so.
  const shownStatus = expired ? 'expired' : status;

  return (
    <Page title={title}>
      <div className="grid gap-5 lg:grid-cols-[minmax(0,1fr)_24rem] lg:items-start">
        <div className="flex flex-col gap-5">
          <section aria-labelledby="claim-status-title" className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6">
            <h2 id="claim-status-title" className="sr-only">
              <Trans>Status</Trans>
            </h2>
            <div aria-live="polite" aria-atomic="true">
              <p className="flex flex-wrap items-center gap-2">
                <span className="text-sm text-slate-600">
                  <Trans>Status:</Trans>
                </span>
                <span
                  data-testid="claim-status"
                  data-status={shownStatus}
                  className={`rounded-full px-3 py-1 text-sm font-semibold ${CLAIM_STATUS_TONES[shownStatus]}`}
                >
                  {i18n._(CLAIM_STATUS_LABELS[shownStatus])}
                </span>
              </p>
              <p className="mt-3 text-slate-800" data-testid="claim-status-text">
                {i18n._(CLAIM_STATUS_EXPLANATIONS[shownStatus])}
              </p>
              {context.reason && moveNeedsReason(status) && (
                <p className="mt-2 text-sm text-slate-700">
                  <Trans>Reason: {context.reason}</Trans>
                </p>
              )}
              {context.repricing && <RepricedNotice repricing={context.repricing} form={form} tag={tag} />}
              <Deposits deposits={context.deposits} form={form} tag={tag} />
            </div>
            {context.cardVerification && (
              <CardVerificationNotice verification={context.cardVerification.verification} email={form.email} />
            )}
            {following && (
              <p className="mt-3 flex items-center gap-2 text-sm text-slate-600">
                <Spinner className="size-4" />
                <Trans>The page updates by itself.</Trans>
              </p>
            )}
            <Timeline history={context.history} locale={locale} />
            {expired && (
              <p className="mt-4 rounded-xl bg-amber-50 px-3 py-2 text-sm text-slate-800" data-testid="claim-expired-paid">
                <Trans>
                  Already paid? The money is not lost: a payment that arrives late is matched to this request, and our operator
                  recalculates it at the current rate or returns it. If this page does not show it,{' '}
                  <LocalLink to="/contacts" className="font-semibold text-brand-700 underline underline-offset-2">
                    contact support
                  </LocalLink>{' '}
                  with the request number {shortId}.
                </Trans>
              </p>
            )}
            {canceled && (
              <p className="mt-4 rounded-xl bg-amber-50 px-3 py-2 text-sm text-slate-800" data-testid="claim-canceled-paid">
                <Trans>
                  Already sent the money? It is not lost: a payment that arrives after the claim was canceled is matched to it,
                  and our operator recalculates it at the current rate or returns it. If this page does not show it,{' '}
                  <LocalLink to="/contacts" className="font-semibold text-brand-700 underline underline-offset-2">
                    contact support
                  </LocalLink>{' '}
                  with the claim number {shortId}.
                </Trans>
              </p>
            )}
            {final && (
              <div className="mt-4 flex flex-wrap gap-3">
                <Button href="/">
                  <Trans>New exchange</Trans>
                </Button>
                <Button href="/account/orders" color="border" className="text-navy-900">
                  <Trans>My orders</Trans>
                </Button>
              </div>
            )}
          </section>

          {/* Reported is not received: where to pay stays in view until the operator confirms the payment. */}
          {(awaiting || status === 'paid') && context.requisite && <PayTo requisite={context.requisite} tag={tag} />}

          {/* After where to pay, so a phone shows the details before "I have paid" and "Cancel" (and so does the keyboard). The
              time left is everyone's to see; only the creator reports the payment or cancels (the server refuses anyone else). */}
          {awaiting && (
            <div className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6" data-testid="claim-actions">
              <div className="grid gap-4 sm:grid-cols-[minmax(0,14rem)_minmax(0,1fr)] sm:items-start">
                <Countdown secondsLeft={context.secondsLeft} />
                {mayChange ? (
                  <div className="flex flex-col gap-3">
                    <Button
                      size="big"
                      fullWidth
                      loading={confirming}
                      disabled={!confirming && !state.can({ type: 'payment.ask' })}
                      onClick={() => send({ type: 'payment.ask' })}
                    >
                      <Trans>I have paid</Trans>
                    </Button>
                    {retrying && (
                      <p role="status" className="text-sm text-slate-700">
                        <Trans>No connection to the server. Trying again…</Trans>
                      </p>
                    )}
                    {context.actionError && (
                      <p role="alert" className="text-sm text-red-700">
                        {errorText(context.actionError)}
                      </p>
                    )}
                    {state.can({ type: 'cancel.ask' }) || canceling ? (
                      <Button color="border" fullWidth className="text-navy-900" loading={canceling} disabled={busy} onClick={() => send({ type: 'cancel.ask' })}>
                        <Trans>Cancel the claim</Trans>
                      </Button>
                    ) : null}
                  </div>
                ) : (
                  <p className="rounded-xl bg-slate-50 px-3 py-2 text-sm text-slate-700" data-testid="claim-owner-only">
                    <Trans>
                      Only the creator of this claim can report the payment, cancel it or send a receipt: open it in the browser it was
                      created in (or sign in to the account it was created from). If you cannot,{' '}
                      <LocalLink to="/contacts" className="font-semibold text-brand-700 underline underline-offset-2">
                        write to support
                      </LocalLink>{' '}
                      with the claim number {shortId}.
                    </Trans>
                  </p>
                )}
              </div>
            </div>
          )}
        </div>

        <aside className="flex flex-col gap-5">
          <Summary form={form} tag={tag} locale={locale} />
          {/* Only where the server takes one: a refused upload would offer a retry that can only fail. */}
          {bill && mayChange && (awaiting || following) && takesReceipt(status) && <BillUpload actor={bill} />}
        </aside>
      </div>

      <Modal open={asking} onClose={() => send({ type: 'payment.dismiss' })} variant="login" title={t`Have you sent the payment?`}>
        <p className="text-slate-700">
          <Trans>
            Press "Yes" only after the money has left your account or wallet. The operator checks that it has arrived, and until then
            the payment details stay on this page.
          </Trans>
        </p>
        <div className="mt-5 flex flex-wrap justify-end gap-3">
          <Button color="border" className="text-navy-900" onClick={() => send({ type: 'payment.dismiss' })}>
            <Trans>Not yet</Trans>
          </Button>
          <Button onClick={() => send({ type: 'payment.confirm' })}>
            <Trans>Yes, I have paid</Trans>
          </Button>
        </div>
      </Modal>

      <Modal open={askingCancel} onClose={() => send({ type: 'cancel.dismiss' })} variant="login" title={t`Cancel the claim?`}>
        <p className="text-slate-700">
          <Trans>Do not cancel if you have already sent the payment.</Trans>
        </p>
        <div className="mt-5 flex flex-wrap justify-end gap-3">
          {/* Keeping the request is the safe choice, so it is the primary button; cancelling is marked as destructive. */}
          <Button onClick={() => send({ type: 'cancel.dismiss' })}>
            <Trans>Keep the claim</Trans>
          </Button>
          <Button color="border" className="text-red-700 hover:bg-red-50" onClick={() => send({ type: 'cancel.confirm' })}>
            <Trans>Cancel the claim</Trans>
          </Button>
        </div>
      </Modal>
    </Page>
  );
}
