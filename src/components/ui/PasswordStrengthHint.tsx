// How hard the new password is to guess, as the server will judge it (same zxcvbn rule). The rule's
// dictionaries are large, so they load only once someone types a new password, never with the page.
import { useLingui } from '@lingui/react/macro';
import { lazyModule, useLazyModule } from '../../flows/lazyModule.ts';
import { brokenPasswordRules } from '../../domain/passwordRules.ts';
import type { PasswordStrength } from '../../domain/passwordStrength.ts';

const strengthRule = lazyModule(() => import('../../domain/passwordStrength.ts'));

/** The best score a password breaking a listed rule is shown with: the server refuses it, so never "strong". */
const SCORE_WHILE_RULES_BROKEN = 1;

/** The strength of `password`, or null while it is empty or the rule is still loading. */
function usePasswordStrength(password: string, email: string): PasswordStrength | null {
  const rule = useLazyModule(strengthRule, password !== '');
  if (!rule || password === '') return null;
  const strength = rule.passwordStrength(password, email);
  if (brokenPasswordRules(password).length === 0) return strength;
  return { score: Math.min(strength.score, SCORE_WHILE_RULES_BROKEN) as PasswordStrength['score'], acceptable: false };
}

const BAR_COLOURS = ['bg-red-500', 'bg-red-500', 'bg-amber-500', 'bg-emerald-500', 'bg-emerald-600'];

export function PasswordStrengthHint({ password, email = '' }: { password: string; email?: string }) {
  const { t } = useLingui();
  const strength = usePasswordStrength(password, email);
  if (!strength) return null;
  const levels = [t`very weak`, t`weak`, t`fair`, t`strong`, t`very strong`];
  const level = levels[strength.score];
  return (
    <div className="-mt-2 text-sm" aria-live="polite">
      <div className="mb-1 flex gap-1" aria-hidden="true">
        {[0, 1, 2, 3].map((step) => (
          <span key={step} className={`h-1 flex-1 rounded ${step < strength.score ? BAR_COLOURS[strength.score] : 'bg-slate-200'}`} />
        ))}
      </div>
      <p className={strength.acceptable ? 'text-slate-600' : 'text-red-700'}>
        {strength.acceptable
          ? t`Password strength: ${level}.`
          : brokenPasswordRules(password).length > 0
            ? t`Password strength: ${level}. Meet every rule in the list above.`
            : t`Password strength: ${level}. It is easy to guess: avoid common words, your e-mail and the site name.`}
      </p>
    </div>
  );
}
