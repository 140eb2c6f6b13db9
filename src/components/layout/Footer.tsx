// Footer (docs/product.md §1): adults-only notice, exchanger-rating sites, support e-mail, messenger and social links, copyright.
import { Trans, useLingui } from '@lingui/react/macro';
import { BRAND_NAME, FALLBACK_SUPPORT_EMAIL, RATING_SITES, SOCIAL_LINKS } from '../../content/brand.ts';
import { MENU } from '../../content/menu.ts';
import { shownInLocale } from '../../i18n/englishPages.ts';
import { useSettings } from '../../flows/settings.ts';
import { useLocale } from '../../i18n/useLocale.ts';
import { LocalLink } from '../ui/LocalLink.tsx';

const SOCIAL = [
  { name: 'Telegram', url: SOCIAL_LINKS.telegram },
  { name: 'VK', url: SOCIAL_LINKS.vk },
  { name: 'X', url: SOCIAL_LINKS.x },
  { name: 'YouTube', url: SOCIAL_LINKS.youtube },
] as const;

const linkClass = 'text-slate-300 underline-offset-2 hover:text-white hover:underline';

export function Footer() {
  const { t, i18n } = useLingui();
  const locale = useLocale();
  const email = useSettings()?.supportEmail || FALLBACK_SUPPORT_EMAIL;
  const year = new Date().getFullYear();

  return (
    <footer className="mt-auto bg-navy-950 text-sm text-slate-300">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:grid-cols-2 sm:px-6 lg:grid-cols-4">
        <nav aria-label={t`Footer menu`}>
          <h2 className="mb-3 font-semibold text-white">{BRAND_NAME}</h2>
          <ul className="space-y-2">
            {shownInLocale(MENU, locale).map((item) => (
              <li key={item.path}>
                <LocalLink to={item.path} className={linkClass}>
                  {i18n._(item.label)}
                </LocalLink>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <h2 className="mb-3 font-semibold text-white">
            <Trans>We are listed on</Trans>
          </h2>
          <ul className="space-y-2">
            {RATING_SITES.map((site) => (
              <li key={site.name}>
                <a href={site.url} className={linkClass} target="_blank" rel="noopener noreferrer">
                  {site.name}
                </a>
              </li>
            ))}
          </ul>
        </div>
        <div>
          <h2 className="mb-3 font-semibold text-white">
            <Trans>Support</Trans>
          </h2>
          <p>
            <a href={`mailto:${email}`} className={linkClass}>
              {email}
            </a>
          </p>
          <h2 className="mt-5 mb-3 font-semibold text-white">
            <Trans>Follow us</Trans>
          </h2>
          <ul className="flex flex-wrap gap-x-4 gap-y-2">
            {SOCIAL.map((network) => (
              <li key={network.name}>
                <a href={network.url} className={linkClass} target="_blank" rel="noopener noreferrer">
                  {network.name}
                </a>
              </li>
            ))}
          </ul>
        </div>
        <div>
          <p className="flex items-start gap-3">
            <span
              className="inline-flex size-10 shrink-0 items-center justify-center rounded-full border-2 border-brand-500 font-bold text-white"
              aria-hidden="true"
            >
              18+
            </span>
            <span>
              <Trans>The service is intended only for persons over 18 years of age.</Trans>
            </span>
          </p>
        </div>
      </div>
      <div className="border-t border-white/10">
        {/* From tablets up the bottom padding keeps the last line clear of the floating support button (on phones
            the button sits in the header bar). */}
        <p className="mx-auto max-w-7xl px-4 pt-4 pb-6 text-xs text-slate-400 sm:px-6 sm:pb-24">
          © {year} {BRAND_NAME}. <Trans>All rights reserved.</Trans>
        </p>
      </div>
    </footer>
  );
}
