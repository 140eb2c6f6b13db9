// What a lazily loaded page shows while its code arrives: a quiet placeholder of the page's shape.
import { useLingui } from '@lingui/react/macro';

export function PageSkeleton() {
  const { t } = useLingui();
  return (
    <div className="mx-auto max-w-7xl animate-pulse px-4 py-8 sm:px-6" role="status" aria-label={t`Loading`}>
      <div className="mb-4 h-4 w-40 rounded bg-slate-200" />
      <div className="mb-8 h-8 w-2/3 max-w-md rounded bg-slate-200" />
      <div className="space-y-3">
        <div className="h-4 rounded bg-slate-200" />
        <div className="h-4 w-11/12 rounded bg-slate-200" />
        <div className="h-4 w-4/5 rounded bg-slate-200" />
      </div>
    </div>
  );
}
