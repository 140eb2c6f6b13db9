// The frame of every account page: breadcrumb and heading, the section menu (a scrollable strip of tabs on
// phones, a side column from `lg`), and the section's content.
import { useEffect, useRef, type ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';
import { useLocation } from 'wouter';
import { Page } from '../../components/layout/Page.tsx';
import { LocalLink } from '../../components/ui/LocalLink.tsx';
import { shownInLocale } from '../../i18n/englishPages.ts';
import { useLocale } from '../../i18n/useLocale.ts';
import { stripLocale } from '../../i18n/locales.ts';
import { ACCOUNT_SECTIONS } from './accountSections.ts';

function SectionMenu() {
  const { i18n, t } = useLingui();
  const locale = useLocale();
  const [location] = useLocation();
  const current = stripLocale(location);
  const strip = useRef<HTMLElement>(null);
  // On phones the menu is a scrolling strip: bring the current section into view.
  useEffect(() => {
    const nav = strip.current;
    const active = nav?.querySelector<HTMLElement>('[aria-current="page"]');
    if (nav && active && nav.scrollWidth > nav.clientWidth) {
      nav.scrollLeft = active.offsetLeft - (nav.clientWidth - active.offsetWidth) / 2;
    }
  }, [current]);
  return (
    <nav ref={strip} aria-label={t`Account sections`} className="relative -mx-4 overflow-x-auto px-4 sm:mx-0 sm:px-0 lg:overflow-visible">
      <ul className="flex gap-2 pb-1 lg:flex-col lg:gap-1 lg:pb-0">
        {shownInLocale(ACCOUNT_SECTIONS, locale).map((section) => {
          const active = current === section.path;
          return (
            <li key={section.path} className="shrink-0">
              <LocalLink
                to={section.path}
                aria-current={active ? 'page' : undefined}
                className={[
                  'block rounded-lg px-4 py-2 text-sm font-medium whitespace-nowrap transition-colors',
                  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500',
                  active
                    ? 'bg-navy-900 text-white'
                    : 'bg-slate-100 text-slate-800 hover:bg-slate-200 lg:bg-transparent lg:hover:bg-slate-100',
                ].join(' ')}
              >
                {i18n._(section.label)}
              </LocalLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** `title` is the section's heading; the overview itself is the "Account" crumb. */
export function AccountLayout({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useLingui();
  const [location] = useLocation();
  const overview = stripLocale(location) === '/account';
  return (
    <Page title={title} breadcrumb={overview ? [] : [{ path: '/account', label: t`Account` }]}>
      <div className="flex flex-col gap-6 lg:grid lg:grid-cols-[14rem_1fr] lg:items-start lg:gap-10">
        <aside className="lg:sticky lg:top-6 lg:rounded-2xl lg:border lg:border-slate-200 lg:bg-white lg:p-3">
          <SectionMenu />
        </aside>
        <div className="min-w-0">{children}</div>
      </div>
    </Page>
  );
}
