// The header's login dialog (Modal variant `login`), opened by the Login buttons through the loginModal store.
import { useLingui } from '@lingui/react/macro';
import { Modal } from '../ui/Modal.tsx';
import { LoginForm } from './LoginForm.tsx';
import { closeLoginModal, useLoginModalOpen } from './loginModal.ts';

export function LoginModal() {
  const { t } = useLingui();
  const open = useLoginModalOpen();
  return (
    <Modal open={open} onClose={closeLoginModal} variant="login" title={t`Login to your personal account`}>
      {/* Mounted only while open, so each opening starts with an empty form. */}
      {open && <LoginForm onLeave={closeLoginModal} />}
    </Modal>
  );
}
