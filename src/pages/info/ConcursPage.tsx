// /concurs: the review contest. Its dates and prizes come from the settings (GET /api/v1/calculator/settings/);
// how to take part and the rules are content.
import { Trans, useLingui } from '@lingui/react/macro';
import { Page } from '../../components/layout/Page.tsx';
import { Lead } from '../../components/content/Prose.tsx';
import { LoadingBlock } from '../../components/content/LoadState.tsx';
import { formatDate } from '../../components/content/formatDate.ts';
import { useLocalContent } from '../../components/content/useLocalContent.ts';
import { useSettings } from '../../flows/settings.ts';
import { RATING_SITES } from '../../content/brand.ts';
import { useLocale } from '../../i18n/useLocale.ts';
import type { Contest } from '../../api/schemas/calculator.ts';
import type { ContestContent } from '../../content/types.ts';
import { contest as ru } from '../../content/ru/contest.ts';
import { contest as en } from '../../content/en/contest.ts';

function RunningContest({ contest, text }: { contest: Contest; text: ContestContent }) {
  const locale = useLocale();
  const from = formatDate(contest.startsAt, locale);
  const to = formatDate(contest.endsAt, locale);
  return (
    <section aria-labelledby="contest-now" className="rounded-2xl bg-navy-900 p-5 text-white shadow-sm sm:p-7">
      <p className="text-sm font-semibold tracking-wide text-brand-400 uppercase">
        <Trans>Running now</Trans>
      </p>
      <h2 id="contest-now" className="mt-1 text-2xl font-bold">
        {contest.title}
      </h2>
      <p className="mt-2 text-slate-200">
        <Trans>
          From {from} to {to}
        </Trans>
      </p>
      <h3 className="mt-5 font-semibold">
        <Trans>Prizes</Trans>
      </h3>
      {contest.prizes.length > 0 ? (
        <ol className="mt-2 space-y-2">
          {contest.prizes.map((prize, index) => (
            <li key={prize} className="flex items-center gap-3">
              <span className="flex size-7 shrink-0 items-center justify-center rounded-full bg-brand-600 text-sm font-bold">
                {index + 1}
              </span>
              <span>{prize}</span>
            </li>
          ))}
        </ol>
      ) : (
        <p className="mt-2 text-slate-200">{text.prizesFallback}</p>
      )}
    </section>
  );
}

export default function ConcursPage() {
  const { t } = useLingui();
  const text = useLocalContent({ ru, en });
  const settings = useSettings();
  const running = settings?.contest && settings.contest.active ? settings.contest : null;
  return (
    <Page title={t`Review contest`} narrow>
      <Lead>{text.lead}</Lead>
      <div className="mt-6">
        {!settings ? (
          <LoadingBlock />
        ) : running ? (
          <RunningContest contest={running} text={text} />
        ) : (
          <p className="rounded-2xl border border-slate-200 bg-white p-5 text-slate-700">{text.idle}</p>
        )}
      </div>
      <section className="mt-8" aria-labelledby="contest-steps">
        <h2 id="contest-steps" className="text-xl font-semibold text-navy-900">
          {text.stepsTitle}
        </h2>
        <ol className="mt-4 space-y-4">
          {text.steps.map((step, index) => (
            <li key={step} className="flex gap-4">
              <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-brand-600/10 font-bold text-brand-700">
                {index + 1}
              </span>
              <p className="pt-1 leading-relaxed text-slate-700">{step}</p>
            </li>
          ))}
        </ol>
        <h3 className="mt-6 font-semibold text-navy-900">
          <Trans>Rating sites</Trans>
        </h3>
        <ul className="mt-2 flex flex-wrap gap-2">
          {RATING_SITES.map((site) => (
            <li key={site.url}>
              <a
                href={site.url}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex min-h-10 items-center rounded-lg border border-slate-300 bg-white px-3 text-sm font-semibold text-navy-900 hover:border-brand-600 hover:text-brand-700"
              >
                {site.name}
              </a>
            </li>
          ))}
        </ul>
      </section>
      <section className="mt-8" aria-labelledby="contest-rules">
        <h2 id="contest-rules" className="text-xl font-semibold text-navy-900">
          {text.rulesTitle}
        </h2>
        <ul className="mt-3 list-disc space-y-2 pl-6 leading-relaxed text-slate-700">
          {text.rules.map((rule) => (
            <li key={rule}>{rule}</li>
          ))}
        </ul>
      </section>
    </Page>
  );
}
