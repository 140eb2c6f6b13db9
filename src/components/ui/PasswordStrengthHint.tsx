// How hard the new password is to guess, as the server will judge it (same zxcvbn rule). The rule's
// dictionaries are large, so they load only once someone types a new password, never with the page.
import { useEffect, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import type * as PasswordRule from '../../domain/passwordStrength.ts';
import type { PasswordStrength } from '../../domain/passwordStrength.ts';

type Rule = typeof PasswordRule;

let loading: Promise<Rule> | null = null;

function loadRule(): Promise<Rule> {
  loading ??= import('../../domain/passwordStrength.ts');
  return loading;
}

/** The strength of `password`, or null while it is empty or the rule is still loading. */
function usePasswordStrength(password: string, email: string): PasswordStrength | null {
  // Holds the loaded module (not flow state): the verdict itself is computed on every render.
  const [rule, setRule] = useState<Rule | null>(null);
  useEffect(() => {
    if (password === '' || rule) return;
    let current = true;
    void loadRule().then((loaded) => current && setRule(loaded));
    return () => {
      current = false;
    };
  }, [password, rule]);
  return rule && password !== '' ? rule.passwordStrength(password, email) : null;
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
          : t`Password strength: ${level}. It is easy to guess: avoid common words, your e-mail and the site name.`}
      </p>
    </div>
  );
}
