// The console's frame: navigation, the operator, sign-out and the language switch.
import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import { Link, useLocation } from 'wouter';
import { opsBase, otherLanguagePath } from './locale.ts';
import type { Locale } from '../domain/locale.ts';
import { OpsButton } from './ui.tsx';
import { useRoleName } from './roles.tsx';
import { OpsSession } from './wiring/session.ts';

function NavLink({ href, children }: { href: string; children: ReactNode }) {
  const [location] = useLocation();
  const active = href === '/' ? location === '/' || location.startsWith('/claims') : location.startsWith(href);
  return (
    <Link href={href} className={`rounded px-2 py-1 text-sm font-semibold ${active ? 'bg-white/15' : 'hover:bg-white/10'}`} aria-current={active ? 'page' : undefined}>
      {children}
    </Link>
  );
}

export function Layout({ locale, children }: { locale: Locale; children: ReactNode }) {
  const actor = OpsSession.useSharedActor();
  const email = useSelector(actor, (state) => state.context.operator?.email ?? '');
  const role = useSelector(actor, (state) => state.context.operator?.role ?? null);
  const roleName = useRoleName();
  const [location] = useLocation();
  return (
    <div className="min-h-screen">
      <header className="flex flex-wrap items-center gap-3 bg-slate-900 px-4 py-2 text-white">
        <span className="font-bold">Exchanger Ops</span>
        <nav className="flex gap-1" aria-label="Ops">
          <NavLink href="/">
            <Trans>Claims</Trans>
          </NavLink>
          <NavLink href="/verifications">
            <Trans>Verifications</Trans>
          </NavLink>
          <NavLink href="/catalogue">
            <Trans>Directions</Trans>
          </NavLink>
          <NavLink href="/payments">
            <Trans>Payment details</Trans>
          </NavLink>
          <NavLink href="/withdrawals">
            <Trans>Withdrawals</Trans>
          </NavLink>
          <NavLink href="/users">
            <Trans>Users</Trans>
          </NavLink>
          <NavLink href="/promocodes">
            <Trans>Promo codes</Trans>
          </NavLink>
          <NavLink href="/settings">
            <Trans>Switches</Trans>
          </NavLink>
          <NavLink href="/changes">
            <Trans>Pending changes</Trans>
          </NavLink>
          <NavLink href="/audit">
            <Trans>Audit log</Trans>
          </NavLink>
        </nav>
        <span className="ml-auto text-sm text-slate-300">
          {email}
          {role ? <> · {roleName(role)}</> : null}
        </span>
        <a className="text-sm underline" href={otherLanguagePath(`${opsBase(locale)}${location}`, locale)}>
          {locale === 'en' ? 'Русский' : 'English'}
        </a>
        <OpsButton tone="plain" onClick={() => actor.send({ type: 'sign-out' })}>
          <Trans>Sign out</Trans>
        </OpsButton>
      </header>
      <main className="mx-auto max-w-7xl p-4">{children}</main>
    </div>
  );
}
