// The claim's rate receipt (what rate monitors require of an order page): how the course was formed — set by the
// operator, or computed by a formula from market prices read at a moment — a promo code's share, until when it is
// fixed, and how many network confirmations the payment needs before it counts.
import { Trans } from '@lingui/react/macro';
import type { RateReceipt as Receipt } from '../../api/schemas/claim.ts';
import { LocalDateTime } from '../../components/content/LocalDateTime.tsx';
import type { Locale } from '../../i18n/locales.ts';

export function RateReceipt({ receipt, locale }: { receipt: Receipt; locale: Locale }) {
  const { formula, promoPercent, confirmations } = receipt;
  return (
    <section className="mt-3 rounded-lg bg-slate-50 p-3 text-xs text-slate-700" data-testid="rate-receipt">
      <h3 className="font-semibold text-slate-900">
        <Trans>How this rate was formed</Trans>
      </h3>
      {receipt.source === 'operator' || formula === null ? (
        <p className="mt-1">
          <Trans>Set by the operator.</Trans>
        </p>
      ) : (
        <>
          <p className="mt-1">
            <Trans>
              Computed from market prices by the formula <code className="font-mono">{formula}</code>.
            </Trans>
          </p>
          {receipt.quotes.length > 0 && (
            <ul className="mt-1 font-mono">
              {receipt.quotes.map((quote) => (
                <li key={quote.symbol}>
                  {quote.symbol} = {quote.price}
                </li>
              ))}
            </ul>
          )}
          {receipt.quotedAt && (
            <p className="mt-1">
              <Trans>
                Prices read at <LocalDateTime iso={receipt.quotedAt} locale={locale} />.
              </Trans>
            </p>
          )}
        </>
      )}
      {promoPercent !== null && (
        <p className="mt-1">
          <Trans>Includes your promo code: +{promoPercent} %.</Trans>
        </p>
      )}
      <p className="mt-1">
        <Trans>
          Fixed until <LocalDateTime iso={receipt.fixedUntil} locale={locale} />: a payment made by then is exchanged at
          this rate.
        </Trans>
      </p>
      {confirmations !== null && (
        <p className="mt-1">
          <Trans>The payment counts once it has {confirmations} network confirmations.</Trans>
        </p>
      )}
    </section>
  );
}
