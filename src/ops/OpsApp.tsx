// The back office: the sign-in form until a session is open, then the screens under /ops/ (or /ops/en/).
import { useSelector } from '@xstate/react';
import { Trans } from '@lingui/react/macro';
import { Route, Router, Switch } from 'wouter';
import { AuditPage } from './AuditPage.tsx';
import { CataloguePage } from './CataloguePage.tsx';
import { ChangesPage } from './ChangesPage.tsx';
import { ClaimPage } from './ClaimPage.tsx';
import { ClaimsPage } from './ClaimsPage.tsx';
import { Layout } from './Layout.tsx';
import { opsBase } from './locale.ts';
import type { Locale } from '../domain/locale.ts';
import { PaymentsPage } from './PaymentsPage.tsx';
import { PromocodesPage } from './PromocodesPage.tsx';
import { SettingsPage } from './SettingsPage.tsx';
import { SignInPage } from './SignInPage.tsx';
import { UsersPage } from './UsersPage.tsx';
import { OpsRoleProvider } from './roles.tsx';
import { VerificationsPage } from './VerificationsPage.tsx';
import { WithdrawalsPage } from './WithdrawalsPage.tsx';
import { OpsQueue } from './wiring/queue.ts';
import { OpsSession } from './wiring/session.ts';

function Console({ locale }: { locale: Locale }) {
  const session = OpsSession.useSharedActor();
  const state = useSelector(session, (snapshot) =>
    snapshot.matches('checking') ? 'checking' : snapshot.matches('signedIn') || snapshot.matches('signingOut') ? 'in' : 'out',
  );
  const role = useSelector(session, (snapshot) => snapshot.context.operator?.role ?? null);
  if (state === 'checking') return <p className="p-8" aria-busy="true"><Trans>Loading…</Trans></p>;
  if (state === 'out') return <SignInPage />;
  return (
    <OpsQueue.Shared>
      <OpsRoleProvider role={role}>
        <Layout locale={locale}>
          <Switch>
            <Route path="/"><ClaimsPage /></Route>
            <Route path="/claims/:uuid">{(params) => <ClaimPage key={params.uuid} uuid={params.uuid} />}</Route>
            <Route path="/verifications"><VerificationsPage /></Route>
            <Route path="/catalogue"><CataloguePage /></Route>
            <Route path="/payments"><PaymentsPage /></Route>
            <Route path="/withdrawals"><WithdrawalsPage /></Route>
            <Route path="/users"><UsersPage /></Route>
            <Route path="/promocodes"><PromocodesPage /></Route>
            <Route path="/settings"><SettingsPage /></Route>
            <Route path="/audit"><AuditPage /></Route>
            <Route path="/changes"><ChangesPage /></Route>
            <Route><p><Trans>No such screen.</Trans></p></Route>
          </Switch>
        </Layout>
      </OpsRoleProvider>
    </OpsQueue.Shared>
  );
}

export function OpsApp({ locale }: { locale: Locale }) {
  return (
    <Router base={opsBase(locale)}>
      <OpsSession.Shared page={{ locale }}>
        <Console locale={locale} />
      </OpsSession.Shared>
    </Router>
  );
}
