// /aml: the AML/KYC policy, sectioned, with a table of contents.
import { useLingui } from '@lingui/react/macro';
import { Page } from '../../components/layout/Page.tsx';
import { Lead, Prose } from '../../components/content/Prose.tsx';
import { EffectiveDate } from '../../components/content/EffectiveDate.tsx';
import { SectionBlock } from '../../components/content/SectionBlock.tsx';
import { TableOfContents } from '../../components/content/TableOfContents.tsx';
import { WithSidebar } from '../../components/content/WithSidebar.tsx';
import { useLocalContent } from '../../components/content/useLocalContent.ts';
import { aml as ru } from '../../content/ru/aml.ts';
import { aml as en } from '../../content/en/aml.ts';

export default function AmlPage() {
  const { t } = useLingui();
  const aml = useLocalContent({ ru, en });
  const toc = aml.sections.map((section) => ({ id: section.id, label: section.title }));
  return (
    <Page title={t`AML/KYC policy`}>
      <WithSidebar aside={<TableOfContents entries={toc} />}>
        <Lead>{aml.lead}</Lead>
        <EffectiveDate iso={aml.effective} />
        <Prose className="mt-2">
          {aml.sections.map((section) => (
            <SectionBlock key={section.id} section={section} />
          ))}
        </Prose>
      </WithSidebar>
    </Page>
  );
}
