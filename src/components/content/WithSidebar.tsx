// Two columns on wide screens: the text, and a narrow sticky aside (table of contents) on the left.
import type { ReactNode } from 'react';

export function WithSidebar({ aside, children }: { aside: ReactNode; children: ReactNode }) {
  return (
    <div className="lg:grid lg:grid-cols-[14rem_minmax(0,1fr)] lg:gap-10">
      <div className="lg:order-none">{aside}</div>
      <div className="min-w-0">{children}</div>
    </div>
  );
}
