import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { VerifiedSwitch } from '../../../src/components/exchange/VerifiedSwitch.tsx';
import { demoUser, fakeSession, loginDialog, withSession } from '../auth/sessionFixture.tsx';
import { renderWithI18n } from '../render.tsx';

describe('VerifiedSwitch', () => {
  it('tells a guest up front that the verified rate needs an account with a verified card, and offers sign-in', async () => {
    const { actor } = fakeSession();
    const dialog = loginDialog();
    renderWithI18n(withSession(<VerifiedSwitch checked={false} onToggle={vi.fn()} />, actor, dialog), {
      locale: 'en',
      path: '/en',
    });
    expect(await screen.findByTestId('verified-rate-requirement')).toHaveTextContent(
      'Needs an account with a verified card.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(dialog.getSnapshot().hasTag('open')).toBe(true);
  });

  it('tells a signed-in user without a verified card where to verify one (Russian account menu)', async () => {
    const { actor } = fakeSession({ user: demoUser });
    renderWithI18n(withSession(<VerifiedSwitch checked onToggle={vi.fn()} />, actor), { locale: 'ru', path: '/' });
    expect(await screen.findByRole('link', { name: 'верифицировать карту' })).toHaveAttribute('href', '/account/cards');
  });

  it('says nothing more to a user whose card is verified', async () => {
    const { actor } = fakeSession({ user: { ...demoUser, verified: true } });
    renderWithI18n(withSession(<VerifiedSwitch checked onToggle={vi.fn()} />, actor), { locale: 'en', path: '/en' });
    await screen.findByRole('switch');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByTestId('verified-rate-requirement')).not.toBeInTheDocument();
  });
});
