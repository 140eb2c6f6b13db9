// Card verifications: the photos beside the masked number, approve or reject with a reason the client reads.
import { Trans, useLingui } from '@lingui/react/macro';
import { OPS_VERIFICATION_STATUSES, type OpsVerification } from '../api/schemas/ops.ts';
import { DecisionForm } from './DecisionForm.tsx';
import { ListFrame, StatusTabs } from './ListFrame.tsx';
import { DateTime } from './ui.tsx';
import { useOpsList } from './useOpsList.ts';
import { opsLists } from './wiring/lists.ts';
import { ZoomableImage } from './ZoomableImage.tsx';
import { ReadOnlyNote } from './roles.tsx';

type VerificationStatus = (typeof OPS_VERIFICATION_STATUSES)[number];

function VerificationItems({
  items,
  status,
  reload,
}: {
  items: OpsVerification[];
  status: string;
  reload: () => void;
}) {
  const { t } = useLingui();
  return (
    <ul className="space-y-3">
      {items.map((item) => (
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
              send="decideVerification"
              target={item.uuid}
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
  const list = useOpsList(opsLists.verifications, { status: 'pending' });
  const labels: Record<VerificationStatus, string> = {
    pending: t`Waiting`,
    approved: t`Approved`,
    rejected: t`Rejected`,
  };
  return (
    <section>
      <h1 className="mb-3 text-xl font-bold">
        <Trans>Card verifications</Trans>
      </h1>
      <ReadOnlyNote sections={['verifications']} />
      <StatusTabs list={list} statuses={OPS_VERIFICATION_STATUSES} labels={labels} />
      <ListFrame list={list}>
        {(items) => (
          <VerificationItems
            items={items}
            status={list.query.filters.status ?? ''}
            reload={() => list.actor.send({ type: 'reload' })}
          />
        )}
      </ListFrame>
    </section>
  );
}
