// /contacts: how to reach support (e-mail from the settings, Telegram, live chat), working hours, response times.
import { Trans, useLingui } from '@lingui/react/macro';
import { Page } from '../../components/layout/Page.tsx';
import { Lead, Prose } from '../../components/content/Prose.tsx';
import { SectionBlock } from '../../components/content/SectionBlock.tsx';
import { useLocalContent } from '../../components/content/useLocalContent.ts';
import { SupportChannels } from '../../components/support/SupportChannels.tsx';
import { contacts as ru } from '../../content/ru/contacts.ts';
import { contacts as en } from '../../content/en/contacts.ts';

export default function ContactsPage() {
  const { t } = useLingui();
  const contacts = useLocalContent({ ru, en });
  return (
    <Page title={t`Contacts`}>
      <Lead>{contacts.lead}</Lead>
      <SupportChannels className="mt-6" />
      <div className="mt-8 grid gap-4 lg:grid-cols-2">
        <section aria-labelledby="contacts-hours" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
          <h2 id="contacts-hours" className="text-lg font-semibold text-navy-900">
            <Trans>Working hours</Trans>
          </h2>
          <dl className="mt-3 divide-y divide-slate-100">
            {contacts.hours.map((row) => (
              <div key={row.id} className="py-3 sm:grid sm:grid-cols-2 sm:gap-4">
                <dt className="font-medium text-slate-900">{row.label}</dt>
                <dd className="mt-1 text-slate-700 sm:mt-0">{row.value}</dd>
              </div>
            ))}
          </dl>
        </section>
        <section aria-labelledby="contacts-response" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
          <h2 id="contacts-response" className="text-lg font-semibold text-navy-900">
            <Trans>Response times</Trans>
          </h2>
          <dl className="mt-3 divide-y divide-slate-100">
            {contacts.responseTimes.map((row) => (
              <div key={row.id} className="flex justify-between gap-4 py-3">
                <dt className="font-medium text-slate-900">{row.channel}</dt>
                <dd className="text-right text-slate-700">{row.time}</dd>
              </div>
            ))}
          </dl>
        </section>
      </div>
      <Prose className="mt-4">
        <SectionBlock section={contacts.tips} />
      </Prose>
    </Page>
  );
}
