// Claims the journeys make through the API, as a client's browser would.
import type { APIRequestContext } from '@playwright/test';
import type { DirectionsResponse, PairResponse } from '../../src/api/schemas/calculator.ts';
import { expect } from './fixtures.ts';

/** A BTC → Sberbank claim made through the API in `locale`, for a fresh e-mail (as the signed-in `token` if given). */
export async function createClaim(request: APIRequestContext, locale: 'ru' | 'en', email: string, token?: string): Promise<string> {
  const base = locale === 'en' ? '/en' : '';
  const directions = (await (await request.get(`${base}/api/v1/calculator/`)).json()) as DirectionsResponse;
  const id = (code: string) => directions.currencies.find((currency) => currency.code === code)!.id;
  const [fromPs, toPs] = [id('BTC'), id('SBERRUB')];
  const pair = (await (await request.get(`${base}/api/v1/calculator/pair/${fromPs}/${toPs}/`)).json()) as PairResponse;
  const response = await request.post(`${base}/api/v1/claim/`, {
    data: {
      email,
      fromPs,
      toPs,
      fromSumma: pair.from.min,
      fromRequisites: {},
      toRequisites: { card: '4111 1111 1111 1111', name: 'Ivan Petrov' },
      withVerificationCourse: false,
      recaptcha: '',
    },
    ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}),
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { uuid: string }).uuid;
}
