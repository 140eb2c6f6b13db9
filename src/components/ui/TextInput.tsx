// Labelled text field: hint and error are tied to the input (aria-describedby), an error marks it invalid,
// optional icons on either side, and a spinner while something about the value is being checked. Read-only
// until the page is hydrated: text typed into the server's HTML would be replaced by the hydrated form's value.
import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { Spinner } from './Spinner.tsx';
import { useHydrated } from '../hydration.tsx';

export interface TextInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'size'> {
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  leftIcon?: ReactNode;
  /** An icon, or an interactive control such as the password toggle. */
  rightIcon?: ReactNode;
  loading?: boolean;
  /** Visually hide the label (it stays the accessible name). */
  hideLabel?: boolean;
  ref?: Ref<HTMLInputElement>;
  containerClassName?: string;
}

export function TextInput({
  label,
  hint,
  error,
  leftIcon,
  rightIcon,
  loading = false,
  hideLabel = false,
  id,
  className = '',
  containerClassName = '',
  required,
  ref,
  readOnly,
  ...rest
}: TextInputProps) {
  const autoId = useId();
  const hydrated = useHydrated();
  const inputId = id ?? `input-${autoId}`;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  const describedBy = [rest['aria-describedby'], hintId, errorId].filter(Boolean).join(' ') || undefined;
  const hasRight = loading || rightIcon !== undefined;

  return (
    <div className={`flex flex-col gap-1.5 ${containerClassName}`}>
      <label htmlFor={inputId} className={hideLabel ? 'sr-only' : 'text-sm font-medium text-slate-800'}>
        {label}
        {required && (
          <span className="ml-0.5 text-red-700" aria-hidden="true">
            *
          </span>
        )}
      </label>
      <div className="relative">
        {leftIcon && (
          <span className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-slate-500">
            {leftIcon}
          </span>
        )}
        <input
          ref={ref}
          id={inputId}
          required={required}
          readOnly={readOnly || !hydrated}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          aria-busy={loading || undefined}
          className={[
            'block h-11 w-full rounded-lg border bg-white px-3 text-base text-slate-900 placeholder:text-slate-500',
            'focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 focus:outline-none',
            'disabled:cursor-not-allowed disabled:bg-slate-100',
            error ? 'border-red-600' : 'border-slate-300',
            leftIcon ? 'pl-10' : '',
            hasRight ? 'pr-11' : '',
            className,
          ]
            .filter(Boolean)
            .join(' ')}
          {...rest}
        />
        {hasRight && (
          <span className="absolute inset-y-0 right-2 flex items-center text-slate-500">
            {loading ? <Spinner className="size-5" /> : rightIcon}
          </span>
        )}
      </div>
      {hint && (
        <p id={hintId} className="text-xs text-slate-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
