// /partners/users: the referral programme — steps, how the ?ref= link works, earnings, payouts, restrictions.
import { Trans, useLingui } from '@lingui/react/macro';
import { Page } from '../../components/layout/Page.tsx';
import { Lead, Prose } from '../../components/content/Prose.tsx';
import { SectionBlock } from '../../components/content/SectionBlock.tsx';
import { useLocalContent } from '../../components/content/useLocalContent.ts';
import { Button } from '../../components/ui/Button.tsx';
import { referral as ru } from '../../content/ru/partners.ts';
import { referral as en } from '../../content/en/partners.ts';

export default function PartnersUsersPage() {
  const { t } = useLingui();
  const referral = useLocalContent({ ru, en });
  return (
    <Page title={t`Referral programme`} breadcrumb={[{ path: '/partners', label: t`Partners` }]}>
      <Lead>{referral.lead}</Lead>
      <ol className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {referral.steps.map((step, index) => (
          <li key={step.id} className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
            <span className="flex size-9 items-center justify-center rounded-full bg-brand-600 font-bold text-white" aria-hidden="true">
              {index + 1}
            </span>
            <h2 className="mt-3 font-semibold text-navy-900">{step.title}</h2>
            <p className="mt-1 text-sm leading-relaxed break-words text-slate-700">{step.text}</p>
          </li>
        ))}
      </ol>
      <div className="mt-6 flex flex-wrap gap-3">
        <Button href="/register" size="medium">
          <Trans>Sign up</Trans>
        </Button>
        <Button href="/account/referrer" color="border" size="medium" className="text-navy-900">
          <Trans>My referral balance</Trans>
        </Button>
      </div>
      <Prose className="mt-4">
        {referral.sections.map((section) => (
          <SectionBlock key={section.id} section={section} />
        ))}
      </Prose>
    </Page>
  );
}
