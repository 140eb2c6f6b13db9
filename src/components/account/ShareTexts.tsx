// Ready texts to share, with the user's link filled in, each with a copy button.
import { useLingui } from '@lingui/react/macro';
import { useLocale } from '../../i18n/useLocale.ts';
import { accountContentFor, fillText } from './content/index.ts';
import { CopyButton } from '../ui/CopyButton.tsx';

export function ShareTexts({ link }: { link: string }) {
  const { t } = useLingui();
  const content = accountContentFor(useLocale());
  return (
    <ul className="flex flex-col gap-4">
      {content.shareTexts.map((entry) => {
        const text = fillText(entry.text, { link });
        return (
          <li key={entry.id} className="rounded-xl border border-slate-200 p-4">
            <h3 className="font-semibold text-slate-900">{entry.title}</h3>
            <p className="mt-2 text-sm break-words text-slate-700">{text}</p>
            <CopyButton text={text} caption={t`Copy text`} className="mt-3" />
          </li>
        );
      })}
    </ul>
  );
}
