// /faq: an accordion of common questions; an answer named in the address (/faq#fees) starts open.
import { useLingui } from '@lingui/react/macro';
import { Page } from '../../components/layout/Page.tsx';
import { Lead } from '../../components/content/Prose.tsx';
import { FaqAccordion } from '../../components/content/FaqAccordion.tsx';
import { useLocalContent } from '../../components/content/useLocalContent.ts';
import { SupportChannels } from '../../components/support/SupportChannels.tsx';
import { useHydrated } from '../../components/hydration.tsx';
import { faq as ru } from '../../content/ru/faq.ts';
import { faq as en } from '../../content/en/faq.ts';

export default function FaqPage() {
  const { t } = useLingui();
  const faq = useLocalContent({ ru, en });
  // Read once hydrated, so hydration meets the server's HTML (where the loader has opened the entry already).
  const hydrated = useHydrated();
  const openId = hydrated ? decodeURIComponent(window.location.hash.slice(1)) || null : null;
  return (
    <Page title={t`Frequently asked questions`} narrow>
      <Lead>{faq.lead}</Lead>
      <div className="mt-6">
        <FaqAccordion entries={faq.entries} openId={openId} />
      </div>
      <aside className="mt-8 rounded-2xl bg-navy-900 p-5 text-white sm:p-6" aria-labelledby="faq-more">
        <h2 id="faq-more" className="text-lg font-semibold">
          {faq.stillQuestions}
        </h2>
        <SupportChannels className="mt-4" tone="dark" />
      </aside>
    </Page>
  );
}
