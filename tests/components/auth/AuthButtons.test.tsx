import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AuthButtons } from '../../../src/components/layout/AuthButtons.tsx';
import { renderWithI18n } from '../render.tsx';
import { serveSettings, settings } from '../layout/fakeSettings.ts';
import { demoUser, fakeSession, withSession } from './sessionFixture.tsx';

beforeEach(() => serveSettings(settings({ contestStatus: false })));
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('AuthButtons for a visitor', () => {
  it('opens the login dialog and links Register', async () => {
    const { actor } = fakeSession();
    renderWithI18n(withSession(<AuthButtons variant="desktop" />, actor), { locale: 'en', path: '/en' });
    expect(await screen.findByRole('link', { name: 'Register' })).toHaveAttribute('href', '/en/register');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('heading', { name: 'Sign in to your account' })).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: "Don't have an account?" })).toHaveAttribute('href', '/en/register');
  });

  it('in the burger menu closes the menu when Login or Register is chosen', async () => {
    const { actor } = fakeSession();
    const done = vi.fn();
    renderWithI18n(withSession(<AuthButtons variant="mobile" onDone={done} />, actor), { locale: 'ru', path: '/' });
    await userEvent.click(await screen.findByRole('button', { name: 'Войти' }));
    expect(done).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('link', { name: 'Регистрация' }));
    expect(done).toHaveBeenCalledTimes(2);
  });
});

describe('AuthButtons for a signed-in user', () => {
  it('shows the e-mail linking to the orders, and logs out', async () => {
    const { actor, calls } = fakeSession({ user: demoUser });
    renderWithI18n(withSession(<AuthButtons variant="desktop" />, actor), { locale: 'en', path: '/en' });
    const account = await screen.findByRole('link', { name: demoUser.email });
    expect(account).toHaveAttribute('href', '/en/account/orders');
    expect(screen.queryByRole('button', { name: 'Sign in' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(calls.redirects).toBe(1));
    expect(calls.logout).toBe(1);
  });

  it('in the burger menu logs out and closes the menu', async () => {
    const { actor, calls } = fakeSession({ user: demoUser });
    const done = vi.fn();
    renderWithI18n(withSession(<AuthButtons variant="mobile" onDone={done} />, actor), { locale: 'ru', path: '/' });
    await userEvent.click(await screen.findByRole('button', { name: 'Выйти' }));
    expect(done).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(calls.logout).toBe(1));
  });
});
