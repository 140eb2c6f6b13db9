// Time left to pay, as mm:ss (h:mm:ss past an hour). The visible clock ticks every second; screen readers are
// told the time once a minute, politely, so they are not flooded.
import { Trans, useLingui } from '@lingui/react/macro';

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

export function clockText(seconds: number): string {
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = seconds % 60;
  return hours > 0 ? `${hours}:${pad(minutes)}:${pad(rest)}` : `${pad(minutes)}:${pad(rest)}`;
}

export function Countdown({ secondsLeft }: { secondsLeft: number }) {
  const { t } = useLingui();
  const minutes = Math.ceil(secondsLeft / 60);
  const urgent = secondsLeft <= 120;
  return (
    <div className={`rounded-xl px-4 py-3 ${urgent ? 'bg-red-50 text-red-900' : 'bg-amber-50 text-amber-950'}`}>
      <p className="text-sm font-medium">
        <Trans>Time left to pay</Trans>
      </p>
      <p role="timer" aria-label={t`Time left to pay`} className="text-3xl font-bold tabular-nums" data-testid="countdown">
        {clockText(secondsLeft)}
      </p>
      <p className="sr-only" aria-live="polite">
        {t`Minutes left to pay: ${minutes}`}
      </p>
    </div>
  );
}
