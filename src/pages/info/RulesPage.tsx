// /rules: the exchange rules as numbered sections of numbered clauses, with a table of contents.
import { useLingui } from '@lingui/react/macro';
import { Page } from '../../components/layout/Page.tsx';
import { Lead } from '../../components/content/Prose.tsx';
import { EffectiveDate } from '../../components/content/EffectiveDate.tsx';
import { TableOfContents } from '../../components/content/TableOfContents.tsx';
import { WithSidebar } from '../../components/content/WithSidebar.tsx';
import { useLocalContent } from '../../components/content/useLocalContent.ts';
import { rules as ru } from '../../content/ru/rules.ts';
import { rules as en } from '../../content/en/rules.ts';

export default function RulesPage() {
  const { t } = useLingui();
  const rules = useLocalContent({ ru, en });
  const toc = rules.sections.map((section) => ({ id: section.id, label: section.title }));
  return (
    <Page title={t`Exchange rules`}>
      <WithSidebar aside={<TableOfContents entries={toc} numbered />}>
        <Lead>{rules.lead}</Lead>
        <EffectiveDate iso={rules.effective} />
        <div className="mt-6 max-w-prose space-y-8">
          {rules.sections.map((section, index) => (
            <section key={section.id} id={section.id} aria-labelledby={`${section.id}-title`} className="scroll-mt-24">
              <h2 id={`${section.id}-title`} className="mb-3 text-xl font-semibold text-navy-900">
                {index + 1}. {section.title}
              </h2>
              <ol className="space-y-3">
                {section.clauses.map((clause, clauseIndex) => (
                  <li key={clause} className="flex gap-3 leading-relaxed text-slate-700">
                    <span className="w-9 shrink-0 font-medium text-slate-500 tabular-nums">
                      {index + 1}.{clauseIndex + 1}
                    </span>
                    <span>{clause}</span>
                  </li>
                ))}
              </ol>
            </section>
          ))}
        </div>
      </WithSidebar>
    </Page>
  );
}
