// Previous / next page of a paged list with "page X of Y"; hidden when everything fits on one page.
import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from '../ui/Button.tsx';

export function Pager({
  page,
  pages,
  disabled = false,
  onChange,
}: {
  page: number;
  pages: number;
  disabled?: boolean;
  onChange: (page: number) => void;
}) {
  const { t } = useLingui();
  if (pages <= 1) return null;
  return (
    <nav aria-label={t`Pages`} className="mt-6 flex items-center justify-between gap-3">
      <Button color="border" size="sm" className="text-navy-900" disabled={disabled || page <= 1} onClick={() => onChange(page - 1)}>
        <span aria-hidden="true">←</span> <Trans>Previous</Trans>
      </Button>
      <p className="text-sm text-slate-700" aria-live="polite">
        <Trans>
          Page {page} of {pages}
        </Trans>
      </p>
      <Button color="border" size="sm" className="text-navy-900" disabled={disabled || page >= pages} onClick={() => onChange(page + 1)}>
        <Trans>Next</Trans> <span aria-hidden="true">→</span>
      </Button>
    </nav>
  );
}
