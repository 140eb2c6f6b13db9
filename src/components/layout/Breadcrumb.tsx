// Breadcrumb (docs/product.md §2): 'Home', then the given links, then the current page's title (not a link).
import { useLingui } from '@lingui/react/macro';
import { LocalLink } from '../ui/LocalLink.tsx';

export interface BreadcrumbItem {
  /** In-app path without the locale prefix. */
  path: string;
  label: string;
}

export function Breadcrumb({ items = [], title }: { items?: BreadcrumbItem[]; title?: string }) {
  const { t } = useLingui();
  const crumbs = [{ path: '/', label: t`Home` }, ...items];
  return (
    <nav aria-label={t`Breadcrumb`} className="text-sm">
      <ol className="flex flex-wrap items-center gap-x-2 gap-y-1 text-slate-600">
        {crumbs.map((crumb, index) => {
          const last = index === crumbs.length - 1 && !title;
          return (
            <li key={crumb.path} className="flex items-center gap-2">
              {index > 0 && (
                <span aria-hidden="true" className="text-slate-400">
                  /
                </span>
              )}
              {last ? (
                <span aria-current="page" className="font-medium text-slate-900">
                  {crumb.label}
                </span>
              ) : (
                <LocalLink to={crumb.path} className="hover:text-brand-700 hover:underline">
                  {crumb.label}
                </LocalLink>
              )}
            </li>
          );
        })}
        {title && (
          <li className="flex items-center gap-2">
            <span aria-hidden="true" className="text-slate-400">
              /
            </span>
            <span aria-current="page" className="font-medium text-slate-900">
              {title}
            </span>
          </li>
        )}
      </ol>
    </nav>
  );
}
