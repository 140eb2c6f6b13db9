// The console's small kit: buttons, inputs, an error line, a date, a status badge.
import type { ButtonHTMLAttributes, InputHTMLAttributes, ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';
import type { FormError } from '../../machines/formErrors.ts';
import { statusLabel } from './statusLabels.ts';

export function OpsButton({ tone = 'primary', className = '', ...props }: ButtonHTMLAttributes<HTMLButtonElement> & { tone?: 'primary' | 'plain' | 'danger' }) {
  const tones = {
    primary: 'bg-slate-900 text-white hover:bg-slate-700',
    plain: 'border border-slate-300 bg-white text-slate-900 hover:bg-slate-100',
    danger: 'bg-red-700 text-white hover:bg-red-800',
  };
  return (
    <button
      type="button"
      {...props}
      className={`inline-flex h-9 items-center justify-center rounded-md px-3 text-sm font-semibold disabled:opacity-60 ${tones[tone]} ${className}`}
    />
  );
}

export function Field({ label, error, children }: { label: ReactNode; error?: string | null; children: ReactNode }) {
  return (
    <label className="block text-sm">
      <span className="mb-1 block font-medium text-slate-700">{label}</span>
      {children}
      {error ? <span className="mt-1 block text-red-700">{error}</span> : null}
    </label>
  );
}

export function OpsInput(props: InputHTMLAttributes<HTMLInputElement>) {
  return <input {...props} className={`h-9 w-full rounded-md border border-slate-300 bg-white px-2 text-sm ${props.className ?? ''}`} />;
}

/** The text of a form error: the server's own message, or a known code. */
export function useErrorText(): (error: FormError | undefined) => string | null {
  const { t } = useLingui();
  return (error) => {
    if (!error) return null;
    if (error.code === 'server') return error.message;
    if (error.code === 'required') return t`This field is required.`;
    if (error.code === 'network_error') return t`No connection to the server. Try again.`;
    return t`Something went wrong. Try again.`;
  };
}

export function Alert({ children }: { children: ReactNode }) {
  return (
    <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
      {children}
    </p>
  );
}

export function DateTime({ iso }: { iso: string }) {
  const { i18n } = useLingui();
  return <time dateTime={iso}>{new Date(iso).toLocaleString(i18n.locale === 'en' ? 'en-GB' : 'ru-RU')}</time>;
}

const STATUS_TONES: Record<string, string> = {
  new: 'bg-sky-100 text-sky-900',
  awaiting_payment: 'bg-sky-100 text-sky-900',
  paid: 'bg-amber-100 text-amber-900',
  processing: 'bg-violet-100 text-violet-900',
  completed: 'bg-emerald-100 text-emerald-900',
  rejected: 'bg-red-100 text-red-900',
  needs_verification: 'bg-orange-100 text-orange-900',
  on_hold: 'bg-orange-100 text-orange-900',
  paid_late: 'bg-amber-100 text-amber-900',
  payment_error: 'bg-red-100 text-red-900',
  payout_error: 'bg-red-100 text-red-900',
};

export function StatusBadge({ status }: { status: string }) {
  const { t } = useLingui();
  return (
    <span className={`inline-block rounded px-2 py-0.5 text-xs font-semibold ${STATUS_TONES[status] ?? 'bg-slate-200 text-slate-800'}`}>
      {statusLabel(t, status)}
    </span>
  );
}
