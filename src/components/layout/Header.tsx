// Dark header: logo, menu, language switcher and account buttons; on phones a burger opens the same menu
// (mobileMenu machine: opening locks the page scroll, any choice or navigation closes it).
import { Suspense, useEffect, useRef } from 'react';
import { useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { useMobileMenu } from '../../flows/mobileMenu.ts';
import { AuthButtons } from './AuthButtons.tsx';
import { DemoMark } from './DemoMark.tsx';
import { LanguageSwitcher } from './LanguageSwitcher.tsx';
import { Logo } from './Logo.tsx';
import { MainMenu } from './MainMenu.tsx';
import { keepTabWithin } from '../ui/focusCycle.ts';
import { SupportHelper } from '../support/SupportHelper.tsx';
import { preloadableLazy } from '../preloadableLazy.ts';

/**
 * Part of the first paint (the server renders it from its settings, so nothing below moves when it shows), but
 * not of the entry chunk: the browser loads it beside the page's code before hydrating (main.tsx).
 */
const ContestBanner = preloadableLazy(() => import('./ContestBanner.tsx').then((m) => ({ default: m.ContestBanner })));

/** Loads what the header shows at once, before the server's HTML is hydrated. */
export const preloadHeader = () => ContestBanner.preload();

export function Header() {
  const { t } = useLingui();
  const menu = useMobileMenu();
  const open = useSelector(menu, (s) => s.hasTag('open'));
  const burger = useRef<HTMLButtonElement>(null);
  const bar = useRef<HTMLDivElement>(null);

  // Escape closes the menu and gives focus back to the burger; Tab cycles inside the header bar and the open
  // menu (the page behind is covered); growing to desktop width closes it.
  useEffect(() => {
    if (!open) return undefined;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Tab' && bar.current) keepTabWithin(bar.current, event);
      if (event.key !== 'Escape') return;
      menu.send({ type: 'menu.close' });
      burger.current?.focus();
    };
    const desktop = window.matchMedia('(min-width: 1280px)');
    const onWide = () => desktop.matches && menu.send({ type: 'menu.close' });
    document.addEventListener('keydown', onKey);
    desktop.addEventListener('change', onWide);
    return () => {
      document.removeEventListener('keydown', onKey);
      desktop.removeEventListener('change', onWide);
    };
  }, [menu, open]);

  const choose = () => menu.send({ type: 'menu.itemChosen' });

  return (
    // Open, the menu lies above the page; the support button (on phones in the bar, see below) stays in the bar.
    <header className={`sticky top-0 ${open ? 'z-50' : 'z-30'} bg-navy-900 text-white shadow-md`}>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:text-navy-900"
      >
        {t`Skip to content`}
      </a>
      <div ref={bar}>
        <div className="mx-auto flex h-14 max-w-7xl items-center gap-2 px-4 sm:h-16 sm:gap-4 sm:px-6">
          <div className="relative">
            <Logo />
            <DemoMark />
          </div>
          <div className="hidden flex-1 justify-center xl:flex">
            <MainMenu variant="desktop" />
          </div>
          <div className="ml-auto flex items-center gap-2 xl:ml-0">
            <LanguageSwitcher />
            <div className="hidden xl:block">
              <AuthButtons variant="desktop" />
            </div>
            {/* Here in the tab order; on phones here on screen too, from tablets up floating in the bottom corner. */}
            <SupportHelper />
            <button
              ref={burger}
              type="button"
              className="inline-flex size-11 items-center justify-center rounded-lg text-white hover:bg-white/10 xl:hidden"
              aria-expanded={open}
              aria-controls="mobile-menu"
              aria-label={open ? t`Close menu` : t`Open menu`}
              onClick={() => menu.send({ type: 'menu.toggle' })}
            >
              <svg
                viewBox="0 0 24 24"
                className="size-6"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
                aria-hidden="true"
              >
                {open ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
              </svg>
            </button>
          </div>
        </div>
        {open && (
          <div
            id="mobile-menu"
            className="fixed inset-x-0 top-14 bottom-0 z-30 sm:top-16 overflow-y-auto border-t border-white/10 bg-navy-900 px-4 pt-3 pb-8 xl:hidden"
          >
            <MainMenu variant="mobile" onChoose={choose} />
            <div className="mt-6 border-t border-white/10 pt-6">
              <AuthButtons variant="mobile" onDone={choose} />
            </div>
          </div>
        )}
      </div>
      <Suspense fallback={null}>
        <ContestBanner />
      </Suspense>
    </header>
  );
}
