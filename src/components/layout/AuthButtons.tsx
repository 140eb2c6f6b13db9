// Login and Register for the header (the auth helper replaces this with the session-aware version).
import { Trans } from '@lingui/react/macro';
import { Button } from '../ui/Button.tsx';

export function AuthButtons({ variant, onDone }: { variant: 'desktop' | 'mobile'; onDone?: () => void }) {
  const mobile = variant === 'mobile';
  return (
    <div className={mobile ? 'flex flex-col gap-3' : 'flex items-center gap-2'}>
      <Button href="/login" color="border" size={mobile ? 'medium' : 'sm'} fullWidth={mobile} className="text-white" onClick={onDone}>
        <Trans>Login</Trans>
      </Button>
      <Button href="/register" color="orange" size={mobile ? 'medium' : 'sm'} fullWidth={mobile} onClick={onDone}>
        <Trans>Register</Trans>
      </Button>
    </div>
  );
}
