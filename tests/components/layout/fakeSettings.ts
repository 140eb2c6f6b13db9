// Answers the settings call of the shell (GET /api/v1/calculator/settings/) for layout tests.
import { vi } from 'vitest';
import type { SettingsResponse } from '../../../src/api/schemas/calculator.ts';

export function settings(overrides: Partial<SettingsResponse> = {}): SettingsResponse {
  return {
    contest: {
      active: true,
      title: 'Autumn contest',
      startsAt: '2026-11-01T00:00:00Z',
      endsAt: '2026-12-01T00:00:00Z',
      prizes: ['100 USDT'],
    },
    contestStatus: true,
    captchaLogin: false,
    captchaClaim: false,
    captchaSiteKey: null,
    usePublicId: false,
    exchangeAttributes: { fromCurrencyId: null, toCurrencyId: null },
    chat: null,
    analyticsCounter: null,
    supportEmail: 'help@example.test',
    demo: false,
    ...overrides,
  };
}

/** Stubs fetch: the settings path answers `body`, anything else 404. Returns the requested URLs. */
export function serveSettings(body: SettingsResponse): string[] {
  const requested: string[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    const url = input instanceof Request ? input.url : String(input);
    requested.push(url);
    if (new URL(url, 'http://localhost').pathname.endsWith('/api/v1/calculator/settings/')) {
      return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    }
    return new Response('{}', { status: 404, headers: { 'content-type': 'application/json' } });
  });
  return requested;
}
