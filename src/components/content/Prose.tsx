// Readable long text: comfortable line length, spacing and link style (the .prose-content rules in styles.css).
import type { ReactNode } from 'react';

export function Prose({ children, className = '' }: { children: ReactNode; className?: string }) {
  return <div className={`prose-content max-w-prose text-base sm:text-[1.0625rem] ${className}`}>{children}</div>;
}

/** The opening paragraph of a page, a little larger than the body. */
export function Lead({ children }: { children: ReactNode }) {
  return <p className="max-w-prose text-lg leading-relaxed text-slate-700">{children}</p>;
}
