// Site switches: maintenance with its messages in both languages, and the contest.
import { Trans, useLingui } from '@lingui/react/macro';
import { DecisionForm } from './DecisionForm.tsx';
import { EditForm } from './EditForm.tsx';
import { Alert } from './ui.tsx';
import { useResource } from './useResource.ts';
import { opsResources } from './wiring/resources.ts';
import { ReadOnlyNote } from './roles.tsx';

export function SettingsPage() {
  const { t } = useLingui();
  const { data, failed, retry, reload } = useResource(opsResources.settings);
  if (failed) {
    return (
      <Alert>
        <Trans>The settings could not be loaded.</Trans>{' '}
        <button type="button" className="underline" onClick={retry}><Trans>Retry</Trans></button>
      </Alert>
    );
  }
  if (!data) return <p aria-busy="true"><Trans>Loading…</Trans></p>;
  const { maintenance } = data;
  return (
    <section className="space-y-4">
      <h1 className="text-xl font-bold"><Trans>Site switches</Trans></h1>
      <ReadOnlyNote sections={['settings']} />
      <div className="rounded-md border border-slate-200 bg-white p-3 text-sm">
        <h2 className="mb-2 font-semibold"><Trans>Maintenance</Trans></h2>
        <p className="mb-2">
          {maintenance.enabled ? <Trans>On: the site takes no new claims.</Trans> : <Trans>Off.</Trans>}
          {maintenance.messageRu ? ` ${maintenance.messageRu}` : ''}
          {maintenance.messageEn ? ` / ${maintenance.messageEn}` : ''}
        </p>
        <EditForm
          key={JSON.stringify(maintenance)}
          fields={[
            { name: 'enabled', label: t`Maintenance on`, kind: 'checkbox' },
            { name: 'messageRu', label: t`Message (Russian)` },
            { name: 'messageEn', label: t`Message (English)` },
          ]}
          editLabel={t`Change`}
          current={() => ({ enabled: String(maintenance.enabled), messageRu: maintenance.messageRu ?? '', messageEn: maintenance.messageEn ?? '' })}
          save="setMaintenance"
          onSaved={reload}
        />
      </div>
      <div className="rounded-md border border-slate-200 bg-white p-3 text-sm">
        <h2 className="mb-2 font-semibold"><Trans>Contest</Trans></h2>
        {data.contestActive === null ? (
          <p><Trans>There is no contest.</Trans></p>
        ) : (
          <>
            <p className="mb-2">{data.contestActive ? <Trans>The contest is on.</Trans> : <Trans>The contest is off.</Trans>}</p>
            <DecisionForm
              key={String(data.contestActive)}
              options={[data.contestActive ? { value: 'off', needsReason: false, label: t`Turn off` } : { value: 'on', needsReason: false, label: t`Turn on` }]}
              send="switchContest"
              onDecided={reload}
            />
          </>
        )}
      </div>
    </section>
  );
}
