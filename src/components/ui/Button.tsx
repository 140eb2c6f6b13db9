// The one button of the app. Colours and sizes follow docs/product.md §2; `loading` shows a spinner, sets aria-busy and
// blocks clicks; `href` renders an in-app link (written without the locale prefix, like LocalLink). A submit
// button stays busy and disabled until the page is hydrated: before that the server's form would submit itself
// natively (a GET carrying what was typed), and Enter in a field cannot submit a form whose button is disabled.
import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { LocalLink } from './LocalLink.tsx';
import { Spinner } from './Spinner.tsx';
import { useHydrated } from '../hydration.tsx';

export type ButtonColor = 'orange' | 'transparent' | 'border' | 'gray';
export type ButtonSize = 'custom' | 'small' | 'sm' | 'medium' | 'xsmall' | 'big';

const colors: Record<ButtonColor, string> = {
  orange: 'bg-brand-600 text-white hover:bg-brand-700 active:bg-brand-700 shadow-sm',
  transparent: 'bg-transparent text-current hover:bg-white/10',
  border: 'border border-current bg-transparent text-current hover:bg-slate-900/5',
  gray: 'bg-slate-200 text-slate-900 hover:bg-slate-300',
};

const sizes: Record<ButtonSize, string> = {
  custom: '',
  xsmall: 'h-7 px-2.5 text-xs',
  small: 'h-8 px-3 text-sm',
  sm: 'h-9 px-4 text-sm',
  medium: 'h-11 px-5 text-base',
  big: 'h-13 px-7 text-lg',
};

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  color?: ButtonColor;
  size?: ButtonSize;
  loading?: boolean;
  /** In-app path without the locale prefix: renders a link styled as a button. */
  href?: string;
  fullWidth?: boolean;
  children: ReactNode;
}

export function buttonClasses(color: ButtonColor, size: ButtonSize, fullWidth = false, extra = ''): string {
  return [
    'inline-flex items-center justify-center gap-2 rounded-lg font-semibold whitespace-nowrap transition-colors',
    'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500',
    'disabled:cursor-not-allowed disabled:opacity-60',
    colors[color],
    sizes[size],
    fullWidth ? 'w-full' : '',
    extra,
  ]
    .filter(Boolean)
    .join(' ');
}

export function Button({
  color = 'orange',
  size = 'medium',
  loading = false,
  href,
  fullWidth = false,
  className = '',
  type = 'button',
  disabled,
  children,
  onClick,
  ...rest
}: ButtonProps) {
  const classes = buttonClasses(color, size, fullWidth, className);
  const hydrated = useHydrated();
  const waiting = type === 'submit' && !hydrated;
  if (href !== undefined) {
    return (
      <LocalLink
        to={href}
        className={classes}
        aria-busy={loading || undefined}
        onClick={onClick as never}
        id={rest.id}
        title={rest.title}
        aria-label={rest['aria-label']}
      >
        {loading && <Spinner />}
        {children}
      </LocalLink>
    );
  }
  return (
    <button
      type={type}
      className={classes}
      disabled={disabled || loading || waiting}
      aria-busy={loading || waiting || undefined}
      onClick={onClick}
      {...rest}
    >
      {loading && <Spinner />}
      {children}
    </button>
  );
}
