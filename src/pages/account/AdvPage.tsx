// /account/adv: the user's referral link, ready banners with their HTML code and ready texts to share.
import { useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import type { ReferralBalance } from '../../api/schemas/user.ts';
import { useReferralBalance } from '../../flows/referral.ts';
import { accountContentFor, fillText } from '../../components/account/content/index.ts';
import { ReferralBanners } from '../../components/account/ReferralBanners.tsx';
import { ReferralLink } from '../../components/account/ReferralLink.tsx';
import { Section } from '../../components/account/Section.tsx';
import { ShareTexts } from '../../components/account/ShareTexts.tsx';
import { formatAmount } from '../../domain/money.ts';
import { useLocale } from '../../i18n/useLocale.ts';
import { LOCALE_TAGS } from '../../i18n/locales.ts';
import { AccountLayout } from './AccountLayout.tsx';
import { ListState } from '../../components/lists/ListState.tsx';
import { useReferralLink } from './useReferralLink.ts';

export default function AdvPage() {
  const { t } = useLingui();
  const locale = useLocale();
  const loader = useReferralBalance();
  const state = useSelector(loader, (s) => s);
  const terms = state.context.data as ReferralBalance | null;
  const link = useReferralLink(terms?.referralCode);

  return (
    <AccountLayout title={t`Advertising materials`}>
      {!terms ? (
        <ListState
          loading={state.hasTag('busy')}
          failed={state.matches('failed')}
          empty
          onRetry={() => loader.send({ type: 'retry' })}
          emptyText=""
        />
      ) : (
        <div className="flex flex-col gap-6">
          <p className="max-w-3xl text-slate-700">
            {fillText(accountContentFor(locale).advLead, { percent: formatAmount(terms.percent, LOCALE_TAGS[locale]) })}
          </p>
          <Section title={t`Referral link`}>
            <ReferralLink link={link} />
          </Section>
          <Section title={t`Banners`}>
            <ReferralBanners link={link} />
          </Section>
          <Section title={t`Texts to share`}>
            <ShareTexts link={link} />
          </Section>
        </div>
      )}
    </AccountLayout>
  );
}
