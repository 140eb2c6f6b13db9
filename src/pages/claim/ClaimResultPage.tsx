// /claim/success and /claim/fail: where a payment gateway sends the client back after paying.
import type { ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Page } from '../../components/layout/Page.tsx';
import { Button } from '../../components/ui/Button.tsx';

export function ClaimResult({ title, tone, children }: { title: string; tone: 'success' | 'fail'; children: ReactNode }) {
  return (
    <Page title={title}>
      <div className="max-w-2xl rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
        <div
          aria-hidden="true"
          className={`flex size-14 items-center justify-center rounded-full text-3xl font-bold ${
            tone === 'success' ? 'bg-emerald-100 text-emerald-800' : 'bg-red-100 text-red-800'
          }`}
        >
          {tone === 'success' ? '✓' : '!'}
        </div>
        <div className="mt-4 text-slate-800">{children}</div>
        <div className="mt-6 flex flex-wrap gap-3">
          <Button href="/">
            <Trans>Go to the exchange</Trans>
          </Button>
          <Button href="/account/orders" color="border" className="text-navy-900">
            <Trans>My orders</Trans>
          </Button>
        </div>
      </div>
    </Page>
  );
}

export function ClaimSuccessPage() {
  const { t } = useLingui();
  return (
    <ClaimResult title={t`Thank you! The payment has been received`} tone="success">
      <p>
        <Trans>
          Your claim is being processed. We will send the money to your details and write to you by e-mail as soon as the
          exchange is complete.
        </Trans>
      </p>
    </ClaimResult>
  );
}

export function ClaimFailPage() {
  const { t } = useLingui();
  return (
    <ClaimResult title={t`The payment did not go through`} tone="fail">
      <p>
        <Trans>
          No money was taken, or it will be returned by your bank automatically. You can try to pay again from the claim
          page, or create a new exchange.
        </Trans>
      </p>
    </ClaimResult>
  );
}
