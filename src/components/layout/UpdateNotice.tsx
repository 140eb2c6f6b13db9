// Hourly check for a newer build (updateCheck machine). When there is one, a notice offers to reload now;
// otherwise the next navigation reloads the page (the flow follows the router; the machine tells a navigation from
// the page it started on).
import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { useUpdateCheck } from '../../flows/updateCheck.ts';
import { Button } from '../ui/Button.tsx';
import { CloseButton } from '../ui/CloseButton.tsx';

export function UpdateNotice() {
  const { t } = useLingui();
  const checker = useUpdateCheck();
  const visible = useSelector(checker, (s) => s.hasTag('noticeVisible'));

  if (!visible) return null;
  return (
    <div
      role="status"
      className="fixed inset-x-3 bottom-3 z-40 mx-auto flex max-w-md flex-wrap items-center gap-3 rounded-xl bg-navy-800 p-4 text-sm text-white shadow-xl sm:inset-x-auto sm:right-4"
    >
      <p className="min-w-0 flex-1">
        <Trans>A new version of the site is available.</Trans>
      </p>
      <Button size="sm" onClick={() => checker.send({ type: 'update.reloadNow' })}>
        <Trans>Reload</Trans>
      </Button>
      <CloseButton
        label={t`Later`}
        onClick={() => checker.send({ type: 'update.dismiss' })}
        className="rounded-md p-1.5 hover:bg-white/10"
      />
    </div>
  );
}
