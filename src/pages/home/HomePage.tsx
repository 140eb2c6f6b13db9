// The home (/ and /en): a short hero, the exchange form and, inside it, the reserves. The form is an island: on a
// server-rendered home its code loads and hydrates when the visitor first reaches for it (InteractionIsland.tsx).
import { memo, useEffect, useMemo, type ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import { useSearch } from 'wouter';
import { PageContainer } from '../../components/layout/Page.tsx';
import { preloadableLazy } from '../../components/preloadableLazy.ts';
import { InteractionIsland } from '../../components/InteractionIsland.tsx';
import type { ExchangeFormProps } from '../../components/exchange/ExchangeForm.tsx';
import { useInitialPage } from '../../flows/initialPage.ts';
import { currentReferral, rememberReferral } from './referralCookie.ts';

const ExchangeForm = preloadableLazy(() => import('../../components/exchange/ExchangeForm.tsx'));

function FormPlaceholder() {
  return (
    <div aria-hidden="true" className="h-[720px] animate-pulse rounded-2xl bg-white shadow-xl ring-1 ring-slate-200 lg:h-[560px]" />
  );
}

/** Memoized: the island's boundary must not be rendered again before it is hydrated (same props, same children). */
const FormIsland = memo(function FormIsland(props: ExchangeFormProps) {
  return (
    <InteractionIsland preload={ExchangeForm.preload} fallback={<FormPlaceholder />}>
      <ExchangeForm {...props} />
    </InteractionIsland>
  );
});

function Advantage({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <li className="rounded-xl bg-white/5 px-4 py-3 ring-1 ring-white/10">
      <p className="font-semibold text-white">{title}</p>
      <p className="mt-0.5 text-sm text-slate-300">{children}</p>
    </li>
  );
}

export default function HomePage() {
  const search = useSearch();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const curFrom = params.get('cur_from');
  const curTo = params.get('cur_to');
  const referral = useMemo(() => currentReferral(search), [search]);
  // A server-rendered home carries the directions, the starting pair and the reserves.
  const initialPage = useInitialPage();

  useEffect(() => rememberReferral(search), [search]);

  return (
    <>
      <section className="bg-navy-900 pt-6 pb-24 text-white sm:pt-12 sm:pb-28">
        <PageContainer>
          <h1 className="max-w-3xl text-2xl font-bold tracking-tight sm:text-4xl">
            <Trans>Exchange cryptocurrency and e-money</Trans>
          </h1>
          <p className="mt-3 max-w-2xl text-base text-slate-300 sm:text-lg">
            <Trans>Fixed course at the moment of the claim, payouts in minutes, no registration needed.</Trans>
          </p>
          <ul className="mt-6 hidden gap-3 sm:grid sm:grid-cols-3">
            <Advantage title={<Trans>Fast</Trans>}>
              <Trans>Most claims are paid out within 15 minutes.</Trans>
            </Advantage>
            <Advantage title={<Trans>Fair course</Trans>}>
              <Trans>The course is fixed when you create the claim.</Trans>
            </Advantage>
            <Advantage title={<Trans>Real reserves</Trans>}>
              <Trans>We show how much we can pay out right now.</Trans>
            </Advantage>
          </ul>
        </PageContainer>
      </section>
      <PageContainer className="-mt-20 pb-12">
        {/* A new deep link starts a new calculation. */}
        <FormIsland
          key={`${curFrom}>${curTo}`}
          curFrom={curFrom}
          curTo={curTo}
          referral={referral}
          preloaded={initialPage?.calculator ?? null}
        />
      </PageContainer>
    </>
  );
}
