// Questions and answers that open one by one: native <details>, so a question opens by click, tap, Enter or Space
// before (or without) the app. An entry named in the address (#id) starts open, so answers can be linked to: the
// app loader opens it in the server's HTML (server/http/appLoader.ts), openId in the browser's.
import type { FaqEntry } from '../../content/types.ts';
import { Chevron } from './TableOfContents.tsx';

export function FaqAccordion({ entries, openId }: { entries: readonly FaqEntry[]; openId?: string | null }) {
  return (
    <div className="divide-y divide-slate-200 overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
      {entries.map((entry) => (
        // Only ever opened from here: a reader's own toggling is the element's, never undone by a re-render.
        <details key={entry.id} id={entry.id} open={entry.id === openId || undefined} className="group scroll-mt-24">
          <summary className="flex w-full cursor-pointer list-none items-start justify-between gap-4 px-4 py-4 text-left hover:bg-slate-50 focus-visible:bg-slate-50 sm:px-6 [&::-webkit-details-marker]:hidden">
            <h2 className="text-base font-semibold text-navy-900">{entry.question}</h2>
            <Chevron open="details" />
          </summary>
          <div className="px-4 pb-5 text-slate-700 sm:px-6">
            {entry.answer.map((paragraph) => (
              <p key={paragraph} className="mt-2 leading-relaxed first:mt-0">
                {paragraph}
              </p>
            ))}
          </div>
        </details>
      ))}
    </div>
  );
}
