// A currency's icon (src/assets/icons/{icon}.svg, built under a hashed name and cached as immutable); decorative,
// the name is always written beside it. An unknown icon slug shows nothing.
const ICON_URLS = import.meta.glob<string>('../../assets/icons/*.svg', { eager: true, query: '?no-inline', import: 'default' });

function iconUrl(icon: string): string | undefined {
  return ICON_URLS[`../../assets/icons/${icon}.svg`];
}

export function CurrencyIcon({ icon, className = 'size-7' }: { icon: string; className?: string }) {
  const src = iconUrl(icon);
  if (!src) return null;
  return (
    <img
      src={src}
      alt=""
      aria-hidden="true"
      width={28}
      height={28}
      loading="lazy"
      className={`shrink-0 rounded-full bg-slate-100 ${className}`}
    />
  );
}
