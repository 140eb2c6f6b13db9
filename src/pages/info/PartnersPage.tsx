// /partners: the partner programmes, each a card leading to its page.
import { Trans, useLingui } from '@lingui/react/macro';
import { Page } from '../../components/layout/Page.tsx';
import { Lead } from '../../components/content/Prose.tsx';
import { useLocalContent } from '../../components/content/useLocalContent.ts';
import { Button } from '../../components/ui/Button.tsx';
import { partners as ru } from '../../content/ru/partners.ts';
import { partners as en } from '../../content/en/partners.ts';

export default function PartnersPage() {
  const { t } = useLingui();
  const partners = useLocalContent({ ru, en });
  return (
    <Page title={t`Partners`}>
      <Lead>{partners.lead}</Lead>
      <ul className="mt-8 grid gap-4 md:grid-cols-2">
        {partners.programmes.map((programme) => (
          <li key={programme.id} className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
            <h2 className="text-xl font-semibold text-navy-900">{programme.title}</h2>
            <p className="mt-2 leading-relaxed text-slate-700">{programme.summary}</p>
            <ul className="mt-4 flex-1 space-y-2 text-slate-700">
              {programme.points.map((point) => (
                <li key={point} className="flex gap-2">
                  <span aria-hidden="true" className="mt-2 size-1.5 shrink-0 rounded-full bg-brand-600" />
                  <span>{point}</span>
                </li>
              ))}
            </ul>
            <Button href={programme.path} className="mt-6 self-start" size="sm">
              <Trans>Learn more</Trans>
              <span className="sr-only">{` — ${programme.title}`}</span>
            </Button>
          </li>
        ))}
      </ul>
      <p className="mt-8 max-w-prose text-slate-700">{partners.closing}</p>
    </Page>
  );
}
