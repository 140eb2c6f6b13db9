// The header menu links (desktop row or burger column), filtered by the English allow-list.
import { useLingui } from '@lingui/react/macro';
import { useLocation } from 'wouter';
import { MENU } from '../../content/menu.ts';
import { shownInLocale } from '../../i18n/englishPages.ts';
import { useLocale } from '../../i18n/useLocale.ts';
import { stripLocale } from '../../i18n/locales.ts';
import { LocalLink } from '../ui/LocalLink.tsx';

export function MainMenu({ variant, onChoose }: { variant: 'desktop' | 'mobile'; onChoose?: () => void }) {
  const { t, i18n } = useLingui();
  const locale = useLocale();
  const [pathname] = useLocation();
  const current = stripLocale(pathname);
  const mobile = variant === 'mobile';

  return (
    <nav aria-label={t`Main menu`}>
      <ul className={mobile ? 'flex flex-col' : 'flex items-center gap-1'}>
        {shownInLocale(MENU, locale).map((item) => {
          const active = current === item.path || current.startsWith(`${item.path}/`);
          return (
            <li key={item.path}>
              <LocalLink
                to={item.path}
                onClick={onChoose}
                aria-current={active ? 'page' : undefined}
                className={
                  mobile
                    ? `block rounded-lg px-3 py-3 text-base font-medium ${active ? 'bg-white/10 text-white' : 'text-slate-200 hover:bg-white/10 hover:text-white'}`
                    : `rounded-md px-3 py-2 text-sm font-medium transition-colors ${active ? 'text-brand-400' : 'text-slate-200 hover:text-white'}`
                }
              >
                {i18n._(item.label)}
              </LocalLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
