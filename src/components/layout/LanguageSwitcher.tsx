// ru/en flags. Choosing the other language goes to the same page in it, with the query parameters that make the page
// (src/i18n/pageQuery.ts: the server renders every other one alike, so the link it renders carries these alone), and
// is remembered. The links are real addresses (they work without scripts); the locale machine does the switch.
import type { MouseEvent } from 'react';
import { useLingui } from '@lingui/react/macro';
import { useLocation, useSearch } from 'wouter';
import { useLocale } from '../../i18n/useLocale.ts';
import { useLocaleSwitch } from '../../flows/locale.tsx';
import { pageQuery } from '../../i18n/pageQuery.ts';
import { LOCALES, localizePath, stripLocale, type Locale } from '../../i18n/locales.ts';
import { Flag } from './Flag.tsx';

const NAMES: Record<Locale, string> = { ru: 'Русский', en: 'English' };

export function LanguageSwitcher({ className = '' }: { className?: string }) {
  const { t } = useLingui();
  const locale = useLocale();
  const [pathname] = useLocation();
  const search = pageQuery(useSearch());
  const { switchTo, switching, failed } = useLocaleSwitch();

  const targetFor = (next: Locale) => localizePath(stripLocale(pathname), next) + (search ? `?${search}` : '');

  const choose = (next: Locale) => (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    if (next !== locale) switchTo(next, targetFor(next));
  };

  return (
    <div className={`flex items-center gap-1 ${className}`} aria-busy={switching || undefined}>
      <ul className="flex items-center gap-1" aria-label={t`Language`}>
        {LOCALES.map((option) => (
          <li key={option}>
            <a
              href={targetFor(option)}
              hrefLang={option}
              lang={option}
              onClick={choose(option)}
              aria-current={option === locale ? 'true' : undefined}
              className={`flex items-center gap-1.5 rounded-md px-2 py-1.5 text-xs font-semibold uppercase transition-colors ${
                option === locale ? 'bg-white/15 text-white' : 'text-slate-300 hover:bg-white/10 hover:text-white'
              }`}
            >
              <Flag locale={option} />
              {/* The flag alone on phones, where the header bar also holds the support button. */}
              <span aria-hidden="true" className="hidden sm:inline">
                {option}
              </span>
              <span className="sr-only">{NAMES[option]}</span>
            </a>
          </li>
        ))}
      </ul>
      {failed && (
        <span role="status" className="text-xs text-orange-300">
          {t`Could not switch the language, try again`}
        </span>
      )}
    </div>
  );
}
