// "On this page": anchor links to a long page's sections. A sticky side column on wide screens; on phones a
// collapsible box above the text, so the sections stay one tap away without pushing the text down.
import { useLingui } from '@lingui/react/macro';
import { Disclosure, DisclosureButton, DisclosurePanel } from '@headlessui/react';

export interface TocEntry {
  id: string;
  label: string;
}

function Links({ entries, numbered }: { entries: readonly TocEntry[]; numbered: boolean }) {
  const List = numbered ? 'ol' : 'ul';
  return (
    <List className="space-y-1.5 text-sm">
      {entries.map((entry, index) => (
        <li key={entry.id} className="flex gap-2">
          {numbered && <span className="w-5 shrink-0 text-right text-slate-500 tabular-nums">{index + 1}.</span>}
          <a href={`#${entry.id}`} className="text-slate-700 hover:text-brand-700 hover:underline">
            {entry.label}
          </a>
        </li>
      ))}
    </List>
  );
}

export function TableOfContents({ entries, numbered = false }: { entries: readonly TocEntry[]; numbered?: boolean }) {
  const { t } = useLingui();
  const title = t`On this page`;
  return (
    <>
      <nav aria-label={title} className="hidden lg:sticky lg:top-6 lg:block">
        <p className="mb-3 text-xs font-semibold tracking-wide text-slate-600 uppercase">{title}</p>
        <Links entries={entries} numbered={numbered} />
      </nav>
      <Disclosure as="nav" aria-label={title} className="mb-6 rounded-xl border border-slate-200 bg-white lg:hidden">
        <DisclosureButton className="flex w-full items-center justify-between gap-3 rounded-xl px-4 py-3 text-left text-sm font-semibold text-navy-900">
          {({ open }) => (
            <>
              {title}
              <Chevron open={open} />
            </>
          )}
        </DisclosureButton>
        <DisclosurePanel className="border-t border-slate-200 px-4 py-3">
          <Links entries={entries} numbered={numbered} />
        </DisclosurePanel>
      </Disclosure>
    </>
  );
}

/** Points down, or up when open: `open` says so, or 'details' turns it by CSS when its <details class="group"> is open. */
export function Chevron({ open }: { open: boolean | 'details' }) {
  return (
    <svg
      viewBox="0 0 20 20"
      fill="currentColor"
      aria-hidden="true"
      className={`size-5 shrink-0 text-slate-500 transition-transform ${open === 'details' ? 'group-open:rotate-180' : open ? 'rotate-180' : ''}`}
    >
      <path
        fillRule="evenodd"
        d="M5.23 7.21a.75.75 0 0 1 1.06.02L10 11.17l3.71-3.94a.75.75 0 1 1 1.08 1.04l-4.25 4.5a.75.75 0 0 1-1.08 0l-4.25-4.5a.75.75 0 0 1 .02-1.06Z"
        clipRule="evenodd"
      />
    </svg>
  );
}
