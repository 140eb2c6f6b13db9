import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Modal, type ModalVariant } from '../../../src/components/ui/Modal.tsx';
import { renderWithI18n } from '../render.tsx';

describe('Modal', () => {
  it('is a dialog named by its title and described by its description', async () => {
    renderWithI18n(
      <Modal open onClose={() => {}} title="Login to your personal account" description="Enter your e-mail">
        <p>form</p>
      </Modal>,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Login to your personal account' });
    expect(dialog).toHaveAccessibleDescription('Enter your e-mail');
    expect(screen.getByText('form')).toBeInTheDocument();
  });

  it('renders nothing while closed', () => {
    renderWithI18n(<Modal open={false} onClose={() => {}} title="Hidden" />);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it.each<[ModalVariant, RegExp]>([
    ['login', /max-w-md/],
    ['verify', /max-w-lg/],
    ['verification', /max-w-2xl/],
    ['qr', /max-w-sm/],
    ['instruction', /max-w-3xl/],
  ])('variant %s sets the panel size', async (variant, size) => {
    renderWithI18n(<Modal open onClose={() => {}} variant={variant} title={variant} />);
    const dialog = await screen.findByRole('dialog', { name: variant });
    const panel = dialog.querySelector(`[data-variant="${variant}"]`);
    expect(panel?.className).toMatch(size);
  });

  it('closes on the close icon and on Escape', async () => {
    const onClose = vi.fn();
    renderWithI18n(<Modal open onClose={onClose} title="Instruction" />);
    await screen.findByRole('dialog');
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(2);
  });
});
