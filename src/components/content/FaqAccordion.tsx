// Questions and answers that open one by one (Headless UI Disclosure: a real button with aria-expanded, toggled
// by click, Enter or Space). An entry named in the address (#id) starts open, so answers can be linked to.
import { Disclosure, DisclosureButton, DisclosurePanel } from '@headlessui/react';
import type { FaqEntry } from '../../content/types.ts';
import { Chevron } from './TableOfContents.tsx';

export function FaqAccordion({ entries, openId }: { entries: readonly FaqEntry[]; openId?: string | null }) {
  return (
    <div className="divide-y divide-slate-200 overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
      {entries.map((entry) => (
        <Disclosure key={entry.id} as="div" id={entry.id} defaultOpen={entry.id === openId} className="scroll-mt-24">
          <h2>
            <DisclosureButton className="group flex w-full items-start justify-between gap-4 px-4 py-4 text-left text-base font-semibold text-navy-900 hover:bg-slate-50 focus-visible:bg-slate-50 sm:px-6">
              {({ open }) => (
                <>
                  <span>{entry.question}</span>
                  <Chevron open={open} />
                </>
              )}
            </DisclosureButton>
          </h2>
          <DisclosurePanel className="px-4 pb-5 text-slate-700 sm:px-6">
            {entry.answer.map((paragraph) => (
              <p key={paragraph} className="mt-2 leading-relaxed first:mt-0">
                {paragraph}
              </p>
            ))}
          </DisclosurePanel>
        </Disclosure>
      ))}
    </div>
  );
}
