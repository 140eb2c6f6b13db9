// The small mark of a demo installation beside the logo: the server renders it from its settings, and it is placed
// over the header's empty space, so nothing moves whether it shows or not.
import { useLingui } from '@lingui/react/macro';
import { useSettings } from '../../flows/settings.ts';

export function DemoMark() {
  const { t } = useLingui();
  if (!useSettings()?.demo) return null;
  return (
    <span
      className="pointer-events-none absolute top-full left-10 -mt-1 rounded bg-amber-300 px-1 text-[10px] leading-4 font-semibold text-navy-950 uppercase"
      title={t`Demo: the data is made up and no exchange is real`}
    >
      {t`demo`}
    </span>
  );
}
