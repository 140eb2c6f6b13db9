import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { VerifiedSwitch } from '../../../src/components/exchange/VerifiedSwitch.tsx';
import { useLoginModalOpen } from '../../../src/components/auth/loginModal.ts';
import { demoUser, fakeSession, withSession } from '../auth/sessionFixture.tsx';
import { renderWithI18n } from '../render.tsx';

function LoginDialogState() {
  return <output data-testid="login-open">{String(useLoginModalOpen())}</output>;
}

describe('VerifiedSwitch', () => {
  it('tells a guest up front that the verified rate needs an account with a verified card, and offers sign-in', async () => {
    const { actor } = fakeSession();
    renderWithI18n(
      withSession(
        <>
          <VerifiedSwitch checked={false} onToggle={vi.fn()} />
          <LoginDialogState />
        </>,
        actor,
      ),
      { locale: 'en', path: '/en' },
    );
    expect(await screen.findByTestId('verified-rate-requirement')).toHaveTextContent('Needs an account with a verified card.');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByTestId('login-open')).toHaveTextContent('true');
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
