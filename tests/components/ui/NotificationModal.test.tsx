import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import DOMPurify from 'dompurify';
import { NotificationModal } from '../../../src/components/ui/NotificationModal.tsx';
import { renderWithI18n } from '../render.tsx';

describe('NotificationModal', () => {
  it('shows title, subtitle and the HTML message', async () => {
    renderWithI18n(
      <NotificationModal
        open
        onClose={() => {}}
        title="Notification"
        subtitle="Bitcoin"
        message="<p>Minimum is <b>0.001 BTC</b></p>"
      />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Notification' });
    expect(dialog).toHaveAccessibleDescription('Bitcoin');
    expect(within(dialog).getByText('0.001 BTC').tagName).toBe('B');
  });

  // happy-dom's DOM is not complete enough for DOMPurify's own cleaning (it keeps <script> there), so this checks
  // that the message reaches the page only through DOMPurify; the cleaning itself is DOMPurify's, in real browsers.
  it('renders the message only as sanitized by DOMPurify', async () => {
    const raw = '<p onclick="alert(1)">Hi</p><script>window.hacked = true</script>';
    const sanitize = vi.spyOn(DOMPurify, 'sanitize').mockReturnValue('<p>Hi</p>' as never);
    renderWithI18n(<NotificationModal open onClose={() => {}} title="Unsafe" message={raw} />);
    const message = await screen.findByTestId('notification-message');
    expect(sanitize).toHaveBeenCalledWith(raw, expect.anything());
    expect(message.innerHTML).toBe('<p>Hi</p>');
    sanitize.mockRestore();
  });

  it('closes with the Close button, the close icon and Escape', async () => {
    const onClose = vi.fn();
    renderWithI18n(<NotificationModal open onClose={onClose} title="Done" message="Saved" />);
    const dialog = await screen.findByRole('dialog', { name: 'Done' });
    const closers = within(dialog).getAllByRole('button', { name: 'Close' });
    expect(closers).toHaveLength(2);
    await userEvent.click(closers[1]!);
    await userEvent.click(closers[0]!);
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(3);
  });

  it('can hide the Close button (the close icon stays)', async () => {
    renderWithI18n(<NotificationModal open onClose={() => {}} title="Wait" message="Processing" hideClose />);
    const dialog = await screen.findByRole('dialog', { name: 'Wait' });
    expect(within(dialog).getAllByRole('button', { name: 'Close' })).toHaveLength(1);
  });

  it('has a mini size', async () => {
    renderWithI18n(<NotificationModal open onClose={() => {}} title="Mini" message="Short" mini />);
    const dialog = await screen.findByRole('dialog', { name: 'Mini' });
    expect(dialog.querySelector('[data-variant]')?.className).toMatch(/max-w-sm/);
  });

  it('translates the Close button', async () => {
    renderWithI18n(<NotificationModal open onClose={() => {}} title="Уведомление" message="Текст" />, { locale: 'ru' });
    const dialog = await screen.findByRole('dialog', { name: 'Уведомление' });
    expect(within(dialog).getAllByRole('button', { name: 'Закрыть' })).toHaveLength(2);
  });
});
