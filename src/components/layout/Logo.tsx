// The brand mark: links to the home page of the current language.
import { useLingui } from '@lingui/react/macro';
import { BRAND_NAME } from '../../content/brand.ts';
import { LocalLink } from '../ui/LocalLink.tsx';

export function Logo() {
  const { t } = useLingui();
  return (
    <LocalLink
      to="/"
      className="flex items-center gap-2 rounded-md text-white"
      aria-label={t`${BRAND_NAME} — home page`}
    >
      <svg viewBox="0 0 32 32" className="size-8 shrink-0" aria-hidden="true">
        <rect width="32" height="32" rx="8" fill="#f97316" />
        <path
          d="M9 12h12l-3-3M23 20H11l3 3"
          fill="none"
          stroke="#fff"
          strokeWidth="2.6"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      {/* Below 360 px the word gives way to the header's buttons; the mark and its label stay. */}
      <span className="text-lg font-bold tracking-tight max-[359px]:hidden">{BRAND_NAME}</span>
    </LocalLink>
  );
}
