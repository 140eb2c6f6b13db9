// The public settings (GET /api/v1/calculator/settings/) in one place: the API answers them, and server-rendered
// pages carry them so the browser starts from the same settings (contest banner, support e-mail) without a fetch.
import type { SettingsResponse } from '../../src/api/schemas/calculator.ts';
import type { Config } from '../config.ts';
import { captchaEnabled } from '../auth/captcha.ts';
import type { Locale } from '../../src/domain/locale.ts';
import { pick } from '../i18n/pick.ts';
import type { Catalog } from './catalog.ts';

/** `cur_from` / `cur_to` of the exchange page's address, as given (currency codes). */
export interface PreselectedCodes {
  curFrom?: string | null;
  curTo?: string | null;
}

export function publicSettings(
  catalog: Catalog,
  config: Config,
  locale: Locale,
  codes: PreselectedCodes = {},
): SettingsResponse {
  const idOf = (value: string | null | undefined) =>
    value ? (catalog.currencyByCode.get(value.toUpperCase())?.id ?? null) : null;
  const contest = catalog.contest;
  const captcha = captchaEnabled(config);
  const widgetId = config.chatWidget[locale];
  return {
    contest: contest
      ? {
          active: contest.active,
          title: pick(locale, contest.titleRu, contest.titleEn),
          startsAt: contest.startsAt.toISOString(),
          endsAt: contest.endsAt.toISOString(),
          prizes: pick(locale, contest.prizesRu, contest.prizesEn),
        }
      : null,
    contestStatus: contest?.active ?? false,
    captchaLogin: captcha,
    captchaClaim: captcha,
    captchaSiteKey: captcha ? config.captchaSiteKey : null,
    usePublicId: false,
    exchangeAttributes: { fromCurrencyId: idOf(codes.curFrom), toCurrencyId: idOf(codes.curTo) },
    chat: widgetId ? { widgetId } : null,
    analyticsCounter: config.analyticsCounter,
    supportEmail: config.supportEmail,
    demo: config.mode === 'demo',
  };
}
