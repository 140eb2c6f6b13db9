// Card verifications: the photos beside the masked number, approve or reject with a reason the client reads.
import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { OPS_VERIFICATION_STATUSES } from '../api/schemas/ops.ts';
import { opsApi } from './api.ts';
import { DecisionForm } from './DecisionForm.tsx';
import { Alert, DateTime, OpsButton } from './ui.tsx';
import { useResource } from './useResource.ts';
import { ZoomableImage } from './ZoomableImage.tsx';

type VerificationStatus = (typeof OPS_VERIFICATION_STATUSES)[number];

function VerificationList({ status }: { status: VerificationStatus }) {
  const { t } = useLingui();
  const { data, failed, retry, reload } = useResource(() => opsApi.verifications(status));
  if (failed) {
    return (
      <Alert>
        <Trans>The list could not be loaded.</Trans>{' '}
        <button type="button" className="underline" onClick={retry}><Trans>Retry</Trans></button>
      </Alert>
    );
  }
  if (!data) return <p aria-busy="true"><Trans>Loading…</Trans></p>;
  if (data.results.length === 0) return <p className="text-slate-500"><Trans>Nothing here.</Trans></p>;
  return (
    <ul className="space-y-3">
      {data.results.map((item) => (
        <li key={item.uuid} className="rounded-md border border-slate-200 bg-white p-3" data-verification={item.uuid}>
          <div className="mb-2 flex flex-wrap items-center gap-3 text-sm">
            <span className="font-mono text-base font-semibold">{item.cardMasked}</span>
            <span>{item.email}</span>
            <DateTime iso={item.updatedAt} />
            {item.reason ? <span className="text-red-800">{item.reason}</span> : null}
          </div>
          <div className="mb-2 flex flex-wrap gap-2">
            {item.imageUrls.map((url, index) => (
              <ZoomableImage key={url} src={url} alt={t`Card photo ${index + 1} of ${item.cardMasked}`} />
            ))}
          </div>
          {status === 'pending' ? (
            <DecisionForm
              options={[
                { value: 'approve', needsReason: false, label: t`Approve`, tone: 'primary' },
                { value: 'reject', needsReason: true, label: t`Reject`, tone: 'danger' },
              ]}
              send={({ value, reason }) => (value === 'approve' ? opsApi.approveVerification(item.uuid) : opsApi.rejectVerification(item.uuid, reason))}
              onDecided={reload}
            />
          ) : null}
        </li>
      ))}
    </ul>
  );
}

export function VerificationsPage() {
  const { t } = useLingui();
  // Which tab is open: a view choice, not a flow.
  const [status, setStatus] = useState<VerificationStatus>('pending');
  const labels: Record<VerificationStatus, string> = { pending: t`Waiting`, approved: t`Approved`, rejected: t`Rejected` };
  return (
    <section>
      <h1 className="mb-3 text-xl font-bold"><Trans>Card verifications</Trans></h1>
      <div className="mb-3 flex gap-2" role="group">
        {OPS_VERIFICATION_STATUSES.map((value) => (
          <OpsButton key={value} tone={status === value ? 'primary' : 'plain'} aria-pressed={status === value} onClick={() => setStatus(value)}>
            {labels[value]}
          </OpsButton>
        ))}
      </div>
      <VerificationList key={status} status={status} />
    </section>
  );
}
