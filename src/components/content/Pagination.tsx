// Previous / next page controls with "Page 2 of 5" between them, for server-paged lists.
import { Trans, useLingui } from '@lingui/react/macro';

export function Pagination({
  page,
  pages,
  busy,
  onChange,
}: {
  page: number;
  pages: number;
  busy: boolean;
  onChange: (page: number) => void;
}) {
  const { t } = useLingui();
  if (pages <= 1) return null;
  const button =
    'inline-flex min-h-11 items-center rounded-lg border border-slate-300 bg-white px-4 text-sm font-semibold text-navy-900 hover:border-brand-600 hover:text-brand-700 disabled:cursor-not-allowed disabled:opacity-50 disabled:hover:border-slate-300 disabled:hover:text-navy-900';
  return (
    <nav aria-label={t`Pages`} className="mt-6 flex items-center justify-between gap-3">
      <button type="button" className={button} disabled={page <= 1 || busy} onClick={() => onChange(page - 1)}>
        <Trans>Previous</Trans>
      </button>
      <p className="text-sm text-slate-600" aria-live="polite">
        <Trans>
          Page {page} of {pages}
        </Trans>
      </p>
      <button type="button" className={button} disabled={page >= pages || busy} onClick={() => onChange(page + 1)}>
        <Trans>Next</Trans>
      </button>
    </nav>
  );
}
