// A currency's icon (`/icons/{icon}.svg`); decorative, the name is always written beside it.
export function CurrencyIcon({ icon, className = 'size-7' }: { icon: string; className?: string }) {
  return (
    <img
      src={`/icons/${encodeURIComponent(icon)}.svg`}
      alt=""
      aria-hidden="true"
      width={28}
      height={28}
      loading="lazy"
      className={`shrink-0 rounded-full bg-slate-100 ${className}`}
    />
  );
}
