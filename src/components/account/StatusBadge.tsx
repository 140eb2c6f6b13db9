// A coloured label for the status of a verification, withdrawal or promo code.
import { useLingui } from '@lingui/react/macro';

type Tone = 'neutral' | 'waiting' | 'good' | 'bad';

const tones: Record<Tone, string> = {
  neutral: 'bg-slate-100 text-slate-800',
  waiting: 'bg-amber-100 text-amber-900',
  good: 'bg-emerald-100 text-emerald-900',
  bad: 'bg-red-100 text-red-800',
};

export type BadgeStatus =
  | 'draft'
  | 'photoUploaded'
  | 'pending'
  | 'approved'
  | 'rejected'
  | 'paid'
  | 'active'
  | 'used'
  | 'expired';

const toneOf: Record<BadgeStatus, Tone> = {
  draft: 'neutral',
  photoUploaded: 'waiting',
  pending: 'waiting',
  approved: 'good',
  rejected: 'bad',
  paid: 'good',
  active: 'good',
  used: 'neutral',
  expired: 'bad',
};

/** A draft verification that already holds a photo waits for its owner to send it, it no longer needs a photo. */
export function verificationBadge(status: BadgeStatus, images: number): BadgeStatus {
  return status === 'draft' && images > 0 ? 'photoUploaded' : status;
}

export function StatusBadge({ status }: { status: BadgeStatus }) {
  const { t } = useLingui();
  const label: Record<BadgeStatus, string> = {
    draft: t`Photo needed`,
    photoUploaded: t`Photo uploaded, not sent`,
    pending: t`Under review`,
    approved: t`Verified`,
    rejected: t`Rejected`,
    paid: t`Paid`,
    active: t`Active`,
    used: t`Used`,
    expired: t`Expired`,
  };
  return (
    <span className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ${tones[toneOf[status]]}`}>
      {label[status]}
    </span>
  );
}
