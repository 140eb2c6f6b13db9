// /account: who is signed in, whether the account is activated (with a way to get the mail again), and the sections.
import { Trans, useLingui } from '@lingui/react/macro';
import { shownInLocale } from '../../i18n/englishPages.ts';
import { useSession } from '../../flows/session.tsx';
import { LocalLink } from '../../components/ui/LocalLink.tsx';
import { useLocale } from '../../i18n/useLocale.ts';
import { AccountLayout } from './AccountLayout.tsx';
import { ACCOUNT_SECTIONS } from './accountSections.ts';
import { useReactivation } from '../../flows/reactivation.ts';
import { ResendActivationMail } from '../../components/auth/ResendActivationMail.tsx';

function ActivationNotice() {
  const resend = useReactivation();
  return (
    <div className="mt-4 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950">
      <p className="font-semibold">
        <Trans>Your account is not activated yet.</Trans>
      </p>
      <p className="mt-1 text-sm">
        <Trans>Open the link in the e-mail we sent you after registration.</Trans>
      </p>
      <div className="text-sm">
        <ResendActivationMail resend={resend} className="mt-3" />
      </div>
    </div>
  );
}

export default function AccountPage() {
  const { t, i18n } = useLingui();
  const locale = useLocale();
  const { user } = useSession();
  const sections = shownInLocale(ACCOUNT_SECTIONS, locale).filter((section) => section.path !== '/account');
  return (
    <AccountLayout title={t`Account`}>
      <section aria-labelledby="account-profile" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
        <h2 id="account-profile" className="text-lg font-bold text-navy-900">
          <Trans>Profile</Trans>
        </h2>
        <dl className="mt-3 grid gap-x-6 gap-y-2 sm:grid-cols-[auto_1fr]">
          <dt className="text-sm text-slate-600">
            <Trans>E-mail</Trans>
          </dt>
          <dd className="font-semibold break-all text-navy-900">{user?.email}</dd>
          <dt className="text-sm text-slate-600">
            <Trans>Status</Trans>
          </dt>
          <dd className="font-semibold text-navy-900">
            {user?.activated ? <Trans>Activated</Trans> : <Trans>Not activated</Trans>}
          </dd>
        </dl>
        {user && !user.activated && <ActivationNotice />}
      </section>
      <section aria-label={t`Sections`} className="mt-6">
        <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
          {sections.map((section) => (
            <li key={section.path}>
              <LocalLink
                to={section.path}
                className="flex h-full items-center justify-between rounded-xl border border-slate-200 bg-white p-4 font-semibold text-navy-900 shadow-sm transition-colors hover:border-brand-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
              >
                {i18n._(section.label)}
                <span aria-hidden="true" className="text-brand-600">
                  →
                </span>
              </LocalLink>
            </li>
          ))}
        </ul>
      </section>
    </AccountLayout>
  );
}
