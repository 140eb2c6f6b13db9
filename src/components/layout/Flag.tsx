// Tiny decorative flags for the language switcher (the link carries the accessible name).
import type { Locale } from '../../i18n/locales.ts';

export function Flag({ locale }: { locale: Locale }) {
  if (locale === 'ru') {
    return (
      <svg viewBox="0 0 24 16" className="h-4 w-6 rounded-sm ring-1 ring-white/30" aria-hidden="true">
        <rect width="24" height="16" fill="#fff" />
        <rect y="5.33" width="24" height="5.34" fill="#0039a6" />
        <rect y="10.67" width="24" height="5.33" fill="#d52b1e" />
      </svg>
    );
  }
  return (
    <svg viewBox="0 0 24 16" className="h-4 w-6 rounded-sm ring-1 ring-white/30" aria-hidden="true">
      <rect width="24" height="16" fill="#012169" />
      <path d="M0 0l24 16M24 0L0 16" stroke="#fff" strokeWidth="3" />
      <path d="M0 0l24 16M24 0L0 16" stroke="#c8102e" strokeWidth="1.2" />
      <path d="M12 0v16M0 8h24" stroke="#fff" strokeWidth="5" />
      <path d="M12 0v16M0 8h24" stroke="#c8102e" strokeWidth="3" />
    </svg>
  );
}
