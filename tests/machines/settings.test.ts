import { afterEach, describe, expect, it, vi } from 'vitest';
import { fromPromise, waitFor } from 'xstate';
import { settingsMachine } from '../../machines/settings.ts';
import type { SettingsResponse } from '../../src/api/schemas/calculator.ts';
import { startMachine } from './harness.ts';

function settings(supportEmail: string): SettingsResponse {
  return {
    contest: null,
    contestStatus: false,
    captchaLogin: false,
    captchaClaim: false,
    captchaSiteKey: null,
    usePublicId: false,
    exchangeAttributes: { fromCurrencyId: null, toCurrencyId: null },
    chat: null,
    analyticsCounter: null,
    supportEmail,
    demo: false,
  };
}

/** `answers` answer the fetches in order (an Error rejects). */
function start(preloaded: SettingsResponse | null, answers: (SettingsResponse | Error)[] = []) {
  let fetches = 0;
  const machine = settingsMachine.provide({
    actors: {
      fetchSettings: fromPromise(async () => {
        const answer = answers[fetches] ?? new Error('no more answers');
        fetches += 1;
        if (answer instanceof Error) throw answer;
        return answer;
      }),
    },
  });
  return { actor: startMachine(machine, { input: { preloaded } }), fetches: () => fetches };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('starting', () => {
  it('takes the settings the page was rendered with, asking nothing', () => {
    const { actor, fetches } = start(settings('rendered@example.com'));
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context.settings?.supportEmail).toBe('rendered@example.com');
    expect(fetches()).toBe(0);
  });

  it('loads them when the page came without', () => {
    const { actor, fetches } = start(null, [settings('loaded@example.com')]);
    expect(actor.getSnapshot().value).toBe('loading');
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(fetches()).toBe(1);
  });
});

describe('loading', () => {
  it('keeps what the server answered', async () => {
    const { actor } = start(null, [settings('loaded@example.com')]);
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context.settings?.supportEmail).toBe('loaded@example.com');
  });

  it('waits after a failure, with nothing to show yet', async () => {
    const { actor } = start(null, [new Error('offline')]);
    await waitFor(actor, (s) => s.matches('waitingToRetry'));
    expect(actor.getSnapshot().context.settings).toBeNull();
  });
});

describe('waitingToRetry', () => {
  it('asks again once the settingsRetry pause has passed, not before', async () => {
    vi.useFakeTimers();
    const { actor, fetches } = start(null, [new Error('offline'), settings('second@example.com')]);
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('waitingToRetry');
    await vi.advanceTimersByTimeAsync(9_999);
    expect(fetches()).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetches()).toBe(2);
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context.settings?.supportEmail).toBe('second@example.com');
  });
});
