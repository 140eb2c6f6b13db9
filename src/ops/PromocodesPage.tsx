// Promo codes: the list with uses left, and a new code (percent, uses, optional owner and lifetime).
import { Trans, useLingui } from '@lingui/react/macro';
import { EditForm } from './EditForm.tsx';
import { Alert, DateTime } from './ui.tsx';
import { useResource } from './useResource.ts';
import { opsResources } from './wiring/resources.ts';
import { ReadOnlyNote } from './roles.tsx';

export function PromocodesPage() {
  const { t } = useLingui();
  const { data, failed, retry, reload } = useResource(opsResources.promocodes);
  return (
    <section className="space-y-3">
      <h1 className="text-xl font-bold"><Trans>Promo codes</Trans></h1>
      <ReadOnlyNote sections={['promocodes']} />
      <EditForm
        fields={[
          { name: 'code', label: t`Code` },
          { name: 'percent', label: t`Percent added to the course` },
          { name: 'uses', label: t`Uses` },
          { name: 'email', label: t`For the account (e-mail, optional)` },
          { name: 'days', label: t`Valid for days (optional)` },
        ]}
        editLabel={t`New promo code`}
        current={() => ({ code: '', percent: '', uses: '1', email: '', days: '' })}
        save="createPromocode"
        onSaved={reload}
      />
      {failed ? (
        <Alert>
          <Trans>The list could not be loaded.</Trans>{' '}
          <button type="button" className="underline" onClick={retry}><Trans>Retry</Trans></button>
        </Alert>
      ) : !data ? (
        <p aria-busy="true"><Trans>Loading…</Trans></p>
      ) : (
        <table className="w-full rounded-md border border-slate-200 bg-white text-left text-sm">
          <thead className="bg-slate-100 text-xs uppercase text-slate-600">
            <tr>
              <th className="px-2 py-2"><Trans>Code</Trans></th>
              <th className="px-2 py-2">%</th>
              <th className="px-2 py-2"><Trans>Uses left</Trans></th>
              <th className="px-2 py-2"><Trans>Account</Trans></th>
              <th className="px-2 py-2"><Trans>Valid until</Trans></th>
            </tr>
          </thead>
          <tbody>
            {data.map((row) => (
              <tr key={row.code} className="border-t border-slate-100">
                <td className="px-2 py-1 font-mono">{row.code}</td>
                <td className="px-2 py-1 tabular-nums">{row.percent}</td>
                <td className="px-2 py-1 tabular-nums">{row.usesLeft} / {row.usesTotal}</td>
                <td className="px-2 py-1">{row.email ?? '—'}</td>
                <td className="px-2 py-1">{row.expiresAt ? <DateTime iso={row.expiresAt} /> : '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
