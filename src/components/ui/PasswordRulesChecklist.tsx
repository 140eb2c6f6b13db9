// The new password's rules (src/domain/passwordRules.ts, the ones the server refuses by), listed under the
// field before anything is typed, each ticked as the password meets it.
import { useLingui } from '@lingui/react/macro';
import { PASSWORD_RULES, type PasswordRuleCode } from '../../domain/passwordRules.ts';

export function PasswordRulesChecklist({ password, id }: { password: string; id: string }) {
  const { t } = useLingui();
  const labels: Record<PasswordRuleCode, string> = {
    length: t`8 to 128 characters`,
    letter: t`at least one letter`,
    digit: t`at least one digit`,
  };
  return (
    <ul id={id} className="-mt-2 space-y-0.5 text-sm" aria-label={t`Password rules`}>
      {PASSWORD_RULES.map((rule) => {
        const met = rule.met(password);
        return (
          <li key={rule.code} className={met ? 'text-emerald-700' : 'text-slate-600'}>
            <span aria-hidden="true">{met ? '✓' : '○'} </span>
            {labels[rule.code]}
            <span className="sr-only">{met ? t`: met` : t`: not met yet`}</span>
          </li>
        );
      })}
    </ul>
  );
}
