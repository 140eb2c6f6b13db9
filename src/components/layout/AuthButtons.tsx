// The header's account buttons. A visitor gets Sign in (the sign-in dialog) and Register (/register); a signed-in
// user gets a button with their e-mail (→ /account/orders) and Sign out. The mobile variant sits in the burger
// menu and closes it (`onDone`) whatever is chosen. The desktop variant is always mounted, so it hosts the dialog.
import { lazy, Suspense } from 'react';
import { Trans } from '@lingui/react/macro';
import { useSession } from '../../flows/session.tsx';
import { useLoginDialog } from '../../flows/loginDialog.tsx';
import { Button } from '../ui/Button.tsx';

// The login form and its machine load when the dialog first opens, not with every page.
const LoginModal = lazy(() => import('../auth/LoginModal.tsx').then((module) => ({ default: module.LoginModal })));

export function AuthButtons({ variant, onDone }: { variant: 'desktop' | 'mobile'; onDone?: () => void }) {
  const { status, user, send } = useSession();
  const loginDialog = useLoginDialog();
  const mobile = variant === 'mobile';
  const size = mobile ? 'medium' : 'sm';
  const done = () => onDone?.();

  let buttons;
  if (status === 'loading') {
    // Keeps the header's layout steady while the session is restored.
    buttons = <span className={mobile ? 'h-11' : 'h-9 w-44'} aria-hidden="true" />;
  } else if (status === 'signedIn' && user) {
    buttons = (
      <>
        <Button
          href="/account/orders"
          color="border"
          size={size}
          fullWidth={mobile}
          className={`text-white ${mobile ? '' : 'max-w-80'}`}
          title={user.email}
          onClick={done}
        >
          <svg viewBox="0 0 24 24" className="size-4 shrink-0" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
            <circle cx="12" cy="8" r="4" />
            <path d="M4 21c1.5-4 4.5-6 8-6s6.5 2 8 6" strokeLinecap="round" />
          </svg>
          <span className="truncate">{user.email}</span>
        </Button>
        {/* Leaving is not the page's main action: a quiet button, not the orange one. */}
        <Button
          color="transparent"
          size={size}
          fullWidth={mobile}
          className="text-slate-200 underline-offset-2 hover:text-white hover:underline"
          onClick={() => {
            send({ type: 'logout' });
            done();
          }}
        >
          <Trans>Sign out</Trans>
        </Button>
      </>
    );
  } else {
    buttons = (
      <>
        <Button
          color="border"
          size={size}
          fullWidth={mobile}
          className="text-white"
          aria-haspopup="dialog"
          onClick={() => {
            loginDialog.show();
            done();
          }}
        >
          <Trans>Sign in</Trans>
        </Button>
        <Button href="/register" color="orange" size={size} fullWidth={mobile} onClick={done}>
          <Trans>Register</Trans>
        </Button>
      </>
    );
  }

  return (
    <div className={mobile ? 'flex flex-col gap-3' : 'flex items-center gap-2'}>
      {buttons}
      {!mobile && loginDialog.open && (
        <Suspense fallback={null}>
          <LoginModal />
        </Suspense>
      )}
    </div>
  );
}
