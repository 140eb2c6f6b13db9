// Notification modal (docs/product.md §2): title, optional subtitle, an HTML message (sanitized), a Close button that can be
// hidden, and a mini size. Escape and the close icon close it. Loaded lazily (it brings dompurify).
import DOMPurify from 'dompurify';
import { Trans } from '@lingui/react/macro';
import { Modal } from './Modal.tsx';
import { Button } from './Button.tsx';

export interface NotificationModalProps {
  open: boolean;
  onClose: () => void;
  title: string;
  subtitle?: string;
  /** HTML from the server or a translation; scripts, handlers and unsafe URLs are removed. */
  message: string;
  hideClose?: boolean;
  mini?: boolean;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

export function NotificationModal({
  open,
  onClose,
  title,
  subtitle,
  message,
  hideClose = false,
  mini = false,
}: NotificationModalProps) {
  // Where DOMPurify cannot run (no full DOM) the message is shown as plain text rather than trusted.
  const html = DOMPurify.isSupported
    ? DOMPurify.sanitize(message, { USE_PROFILES: { html: true } })
    : escapeHtml(message);
  return (
    <Modal
      open={open}
      onClose={onClose}
      variant="verify"
      title={title}
      description={subtitle}
      className={mini ? '!max-w-sm !p-5' : ''}
    >
      <div
        data-testid="notification-message"
        className={`prose-content ${mini ? 'text-sm' : ''} [&>p:first-child]:mt-0`}
        dangerouslySetInnerHTML={{ __html: html }}
      />
      {!hideClose && (
        <div className="mt-6 flex justify-end">
          <Button onClick={onClose} size={mini ? 'sm' : 'medium'} fullWidth={mini}>
            <Trans>Close</Trans>
          </Button>
        </div>
      )}
    </Modal>
  );
}

export default NotificationModal;
