// One titled block of prose (ProseSection): heading with an anchor id, paragraphs, then an optional list.
import type { ProseSection } from '../../content/types.ts';

export function SectionBlock({ section, headingLevel = 2 }: { section: ProseSection; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section id={section.id} aria-labelledby={`${section.id}-title`} className="scroll-mt-24">
      <Heading id={`${section.id}-title`}>{section.title}</Heading>
      {section.paragraphs.map((text) => (
        <p key={text}>{text}</p>
      ))}
      {section.list && (
        <ul>
          {section.list.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      )}
    </section>
  );
}
