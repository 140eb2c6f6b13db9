// The header's login dialog (Modal variant `login`), opened by the Sign in buttons through the loginDialog flow.
import { useLingui } from '@lingui/react/macro';
import { Modal } from '../ui/Modal.tsx';
import { LoginForm } from './LoginForm.tsx';
import { useLoginDialog } from '../../flows/loginDialog.tsx';

export function LoginModal() {
  const { t } = useLingui();
  const { open, close } = useLoginDialog();
  return (
    <Modal open={open} onClose={close} variant="login" title={t`Sign in to your account`}>
      {/* Mounted only while open, so each opening starts with an empty form. */}
      {open && <LoginForm onLeave={close} />}
    </Modal>
  );
}
