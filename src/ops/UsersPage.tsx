// Users: find an account by its e-mail (or list the blocked ones), see whether it is blocked and why, and block it
// with a reason, unblock it, or end its sessions (sign it out everywhere).
import type { FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { OpsUser } from '../api/schemas/opsUsers.ts';
import { DecisionForm } from './DecisionForm.tsx';
import { ListFrame } from './ListFrame.tsx';
import { ReadOnlyNote } from './roles.tsx';
import { DateTime, Field, OpsButton, OpsInput } from './ui.tsx';
import { useOpsList } from './useOpsList.ts';
import { opsLists } from './wiring/lists.ts';

export function UserItems({ items, reload }: { items: OpsUser[]; reload: () => void }) {
  const { t } = useLingui();
  const endSessions = { value: 'logout', needsReason: false, label: t`End sessions`, tone: 'plain' as const };
  return (
    <ul className="space-y-2">
      {items.map((user) => (
        <li key={user.id} className="rounded-md border border-slate-200 bg-white p-3 text-sm" data-user={user.email}>
          <div className="mb-2 flex flex-wrap items-center gap-3">
            <span className="font-semibold">{user.email}</span>
            <span className="text-slate-500">
              <Trans>since</Trans> <DateTime iso={user.createdAt} />
            </span>
            {user.activated ? null : <span className="text-slate-500"><Trans>not activated</Trans></span>}
            {user.verified ? <span className="rounded bg-sky-100 px-2 text-sky-900"><Trans>verified</Trans></span> : null}
            <span className="tabular-nums"><Trans>Open sessions: {user.liveSessions}</Trans></span>
          </div>
          {user.blockedAt ? (
            <p className="mb-2 rounded bg-red-50 px-2 py-1 text-red-900">
              <Trans>Blocked</Trans> <DateTime iso={user.blockedAt} />
              {user.blockReason ? <>: {user.blockReason}</> : null}
            </p>
          ) : (
            <p className="mb-2 text-emerald-800"><Trans>Not blocked</Trans></p>
          )}
          <DecisionForm
            send="decideUser"
            target={user.id}
            options={
              user.blockedAt
                ? [{ value: 'unblock', needsReason: false, label: t`Unblock`, tone: 'primary' }, endSessions]
                : [
                    {
                      value: 'block',
                      needsReason: true,
                      label: t`Block`,
                      tone: 'danger',
                      reasonLabel: t`Reason (for operators and the audit log; the user does not see it)`,
                    },
                    endSessions,
                  ]
            }
            onDecided={reload}
          />
        </li>
      ))}
    </ul>
  );
}

export function UsersPage() {
  const { t } = useLingui();
  const list = useOpsList(opsLists.users, { q: '', blocked: '' });
  const blockedOnly = list.query.filters.blocked === '1';
  const search = (event: FormEvent) => {
    event.preventDefault();
    list.actor.send({ type: 'draft.applied' });
  };
  return (
    <section className="space-y-3">
      <h1 className="text-xl font-bold"><Trans>Users</Trans></h1>
      <ReadOnlyNote sections={['users']} />
      <form className="flex flex-wrap items-end gap-2" onSubmit={search}>
        <Field label={t`E-mail or part of it`}>
          <OpsInput
            type="search"
            name="q"
            value={list.draft.q ?? ''}
            onChange={(event) => list.actor.send({ type: 'draft.changed', name: 'q', value: event.target.value })}
          />
        </Field>
        <OpsButton type="submit"><Trans>Find</Trans></OpsButton>
        <OpsButton
          tone={blockedOnly ? 'primary' : 'plain'}
          aria-pressed={blockedOnly}
          onClick={() => list.actor.send({ type: 'filters.changed', filters: { blocked: blockedOnly ? '' : '1' } })}
        >
          <Trans>Blocked only</Trans>
        </OpsButton>
      </form>
      <ListFrame list={list}>{(items) => <UserItems items={items} reload={() => list.actor.send({ type: 'reload' })} />}</ListFrame>
    </section>
  );
}
