// The user's referral link: `${origin}/?ref=CODE`, or `${origin}/en?ref=CODE` for English visitors.
import { useLocalizedPath } from '../../i18n/useLocalizedPath.ts';

export function useReferralLink(referralCode: string | undefined): string {
  const localize = useLocalizedPath();
  return referralCode ? `${window.location.origin}${localize(`/?ref=${encodeURIComponent(referralCode)}`)}` : '';
}
