// Ready banners (468x60 and 200x200) with the HTML code to paste on a site.
import { useId } from 'react';
import { useLingui } from '@lingui/react/macro';
import { BRAND_NAME } from '../../content/brand.ts';
import { bannerHtml, type BannerSize } from './bannerMarkup.ts';
import { CopyButton } from '../ui/CopyButton.tsx';

const SIZES: BannerSize[] = ['468x60', '200x200'];

function BannerCode({ size, html }: { size: BannerSize; html: string }) {
  const { t } = useLingui();
  const id = useId();
  return (
    <div className="flex min-w-0 flex-col gap-3 rounded-xl border border-slate-200 p-4">
      <h3 className="font-semibold text-slate-900">{t`Banner ${size}`}</h3>
      {/* Our own markup (escaped), shown exactly as a partner's page will show it. */}
      <div className="max-w-full [&_svg]:h-auto [&_svg]:max-w-full" dangerouslySetInnerHTML={{ __html: html }} />
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {t`HTML code`}
      </label>
      <textarea
        id={id}
        readOnly
        rows={4}
        value={html}
        onFocus={(event) => event.currentTarget.select()}
        className="w-full rounded-lg border border-slate-300 bg-slate-50 p-2 font-mono text-xs text-slate-900 focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 focus:outline-none"
      />
      <CopyButton text={html} caption={t`Copy code`} className="self-start" />
    </div>
  );
}

export function ReferralBanners({ link }: { link: string }) {
  const { t } = useLingui();
  const texts = { name: BRAND_NAME, slogan: t`Fast and safe currency exchange`, action: t`Exchange` };
  return (
    <div className="grid gap-4 xl:grid-cols-[3fr_2fr]">
      {SIZES.map((size) => (
        <BannerCode key={size} size={size} html={bannerHtml(size, link, texts)} />
      ))}
    </div>
  );
}
