// The live chat and the visit counter load only when the settings configure them, never under automation,
// and the support helper offers e-mail/Telegram when there is no chat.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SettingsResponse } from '../../../src/api/schemas/calculator.ts';
import { forgetSettings } from '../../../src/wiring/settings.ts';
import { CHAT_SCRIPT_ID, chatScriptUrl, loadChatWidget, openChat } from '../../../src/thirdParty/chatWidget.ts';
import { ANALYTICS_SCRIPT_ID, counterNumber, loadAnalytics, trackPageView } from '../../../src/thirdParty/analytics.ts';
import { ThirdPartyScripts } from '../../../src/thirdParty/ThirdPartyScripts.tsx';
import { SupportHelper } from '../../../src/components/support/SupportHelper.tsx';
import { renderWithI18n } from '../render.tsx';
import { serveSettings, settings as fullSettings } from '../layout/fakeSettings.ts';

// The views read the server's settings through the real settings actor; each test decides what the settings call
// answers (fakeSettings.ts stubs fetch at the network edge).
function settings(overrides: Partial<SettingsResponse>): SettingsResponse {
  return fullSettings({ contest: null, contestStatus: false, ...overrides });
}

/** Holds the settings call until the test answers it. */
function settingsAnsweredLater() {
  let answer: ((body: SettingsResponse) => void) | null = null;
  const answered = new Promise<SettingsResponse>((resolve) => (answer = resolve));
  const call = vi.fn(async () => {
    const body = await answered;
    return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', call);
  return { call, answer: (body: SettingsResponse) => answer!(body) };
}

const scripts = () => document.head.querySelectorAll('script');

function setAutomation(on: boolean) {
  Object.defineProperty(window.navigator, 'webdriver', { value: on, configurable: true });
}

beforeEach(() => {
  setAutomation(false);
  forgetSettings();
});

afterEach(() => {
  vi.unstubAllGlobals();
  document.head.querySelectorAll('script').forEach((script) => script.remove());
  delete window.ym;
  delete window.jivo_api;
  delete window.jivo_onLoadCallback;
});

describe('chat widget loader', () => {
  it('adds no script without a widget id', () => {
    expect(loadChatWidget(null)).toBe(false);
    expect(loadChatWidget(undefined)).toBe(false);
    expect(loadChatWidget('')).toBe(false);
    expect(scripts()).toHaveLength(0);
  });

  it('adds no script under browser automation, even when configured', () => {
    setAutomation(true);
    expect(loadChatWidget('ru-widget')).toBe(false);
    expect(scripts()).toHaveLength(0);
  });

  it('adds the widget script once per id and swaps it when the language changes the id', () => {
    expect(loadChatWidget('ru-widget')).toBe(true);
    expect(loadChatWidget('ru-widget')).toBe(true);
    expect(scripts()).toHaveLength(1);
    expect(document.getElementById(CHAT_SCRIPT_ID)).toHaveAttribute('src', chatScriptUrl('ru-widget'));
    loadChatWidget('en-widget');
    expect(scripts()).toHaveLength(1);
    expect(document.getElementById(CHAT_SCRIPT_ID)).toHaveAttribute('src', chatScriptUrl('en-widget'));
  });

  it('opens the chat at once when ready, or as soon as the widget has loaded', () => {
    const open = vi.fn();
    openChat();
    expect(open).not.toHaveBeenCalled();
    window.jivo_api = { open };
    window.jivo_onLoadCallback?.();
    expect(open).toHaveBeenCalledTimes(1);
    openChat();
    expect(open).toHaveBeenCalledTimes(2);
  });
});

describe('analytics loader', () => {
  it('treats only a positive integer as a counter', () => {
    expect(counterNumber(null)).toBeNull();
    expect(counterNumber('')).toBeNull();
    expect(counterNumber('0')).toBeNull();
    expect(counterNumber('12ab')).toBeNull();
    expect(counterNumber(' 98765 ')).toBe(98765);
  });

  it('adds no script and defines no counter when not configured or under automation', () => {
    expect(loadAnalytics(null)).toBe(false);
    expect(loadAnalytics('not-a-number')).toBe(false);
    setAutomation(true);
    expect(loadAnalytics('98765')).toBe(false);
    expect(scripts()).toHaveLength(0);
    expect(window.ym).toBeUndefined();
  });

  it('loads the counter once, initialises it and reports page views', () => {
    expect(loadAnalytics('98765')).toBe(true);
    expect(loadAnalytics('98765')).toBe(true);
    expect(document.querySelectorAll(`#${ANALYTICS_SCRIPT_ID}`)).toHaveLength(1);
    trackPageView('98765', 'https://example.test/rules');
    expect(window.ym?.a).toEqual([
      [98765, 'init', expect.objectContaining({ defer: true })],
      [98765, 'hit', 'https://example.test/rules', expect.any(Object)],
    ]);
  });
});

describe('ThirdPartyScripts', () => {
  it('adds nothing while the settings are unknown or configure nothing', async () => {
    const { call, answer } = settingsAnsweredLater();
    renderWithI18n(<ThirdPartyScripts />);
    await vi.waitFor(() => expect(call).toHaveBeenCalled());
    expect(scripts()).toHaveLength(0);
    answer(settings({}));
    // The support e-mail of the answer shows that the settings have arrived; still no script.
    renderWithI18n(<SupportHelper />);
    expect(await screen.findByRole('link', { name: 'help@example.test' })).toBeInTheDocument();
    expect(scripts()).toHaveLength(0);
    expect(window.ym).toBeUndefined();
  });

  it('adds the chat and the counter that the settings name', async () => {
    serveSettings(settings({ chat: { widgetId: 'en-widget' }, analyticsCounter: '4242' }));
    renderWithI18n(<ThirdPartyScripts />);
    await vi.waitFor(() => expect(document.getElementById(CHAT_SCRIPT_ID)).toHaveAttribute('src', chatScriptUrl('en-widget')));
    expect(document.getElementById(ANALYTICS_SCRIPT_ID)).not.toBeNull();
    expect(window.ym?.a?.some((call) => call[1] === 'hit')).toBe(true);
  });

  it.each([
    ['ru', '/claim/5b1c3a9e-1111-4222-8333-444455556666?token=s3cr3t', '/claim/'],
    ['en', '/en/claim/5b1c3a9e-1111-4222-8333-444455556666?utm_source=mail', '/en/claim/'],
  ] as const)("reports a claim page (%s) without the claim's uuid or the query", async (locale, address, reported) => {
    window.history.replaceState(null, '', address);
    try {
      serveSettings(settings({ analyticsCounter: '4242' }));
      renderWithI18n(<ThirdPartyScripts />, { locale, path: address.split('?')[0] });
      await vi.waitFor(() => expect(window.ym?.a?.some((call) => call[1] === 'hit')).toBe(true), { timeout: 5_000 });
      const hits = window.ym!.a!.filter((call) => call[1] === 'hit').map((call) => call[2]);
      expect(hits).toEqual([`${window.location.origin}${reported}`]);
    } finally {
      window.history.replaceState(null, '', '/');
    }
  });
  it.each([
    ['ru', '/claim/5b1c3a9e-1111-4222-8333-444455556666', 'Связаться с поддержкой'],
    ['en', '/en/claim/5b1c3a9e-1111-4222-8333-444455556666', 'Contact support'],
  ] as const)("holds the chat back on a claim page (%s) until the visitor asks for it", async (locale, address, button) => {
    window.history.replaceState(null, '', address);
    try {
      const user = userEvent.setup();
      serveSettings(settings({ chat: { widgetId: 'chat-widget' }, analyticsCounter: '4242' }));
      renderWithI18n(
        <>
          <ThirdPartyScripts />
          <SupportHelper />
        </>,
        { locale, path: address },
      );
      // The counter loading shows the settings have arrived; the chat's script, which reads the address, has not.
      await vi.waitFor(() => expect(document.getElementById(ANALYTICS_SCRIPT_ID)).not.toBeNull(), { timeout: 5_000 });
      await vi.waitFor(() => expect(screen.getByRole('button', { name: button })).not.toHaveAttribute('popovertarget'));
      expect(document.getElementById(CHAT_SCRIPT_ID)).toBeNull();
      await user.click(screen.getByRole('button', { name: button }));
      expect(document.getElementById(CHAT_SCRIPT_ID)).toHaveAttribute('src', chatScriptUrl('chat-widget'));
    } finally {
      window.history.replaceState(null, '', '/');
    }
  });
});

describe('SupportHelper', () => {
  it('without a chat is a native popover (no script needed) offering the e-mail from the settings and Telegram', async () => {
    serveSettings(settings({}));
    renderWithI18n(<SupportHelper />);
    const email = await screen.findByRole('link', { name: 'help@example.test' });
    expect(email).toHaveAttribute('href', 'mailto:help@example.test');
    const panel = screen.getByTestId('support-panel');
    expect(panel).toHaveAttribute('popover', 'auto');
    expect(panel).toContainElement(email);
    expect(screen.getByRole('button', { name: 'Contact support' })).toHaveAttribute('popovertarget', panel.id);
    expect(screen.getByRole('link', { name: 'Telegram' })).toHaveAttribute('href', expect.stringContaining('t.me/'));
  });

  it('with a chat configured opens the chat directly', async () => {
    const user = userEvent.setup();
    const open = vi.fn();
    window.jivo_api = { open };
    serveSettings(settings({ chat: { widgetId: 'ru-widget' } }));
    renderWithI18n(<SupportHelper />, { locale: 'ru' });
    // With the settings in, the button opens the chat instead of the panel.
    await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Связаться с поддержкой' })).not.toHaveAttribute('popovertarget'));
    await user.click(screen.getByRole('button', { name: 'Связаться с поддержкой' }));
    expect(open).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('link', { name: 'Telegram' })).not.toBeInTheDocument();
  });
});
