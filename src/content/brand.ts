// Names and addresses of the service shown in the shell. Support e-mail comes from the settings when the
// server sends one; this is the fallback until they load.
export { BRAND_NAME } from '../domain/brand.ts';
export const FALLBACK_SUPPORT_EMAIL = 'support@exchanger.local';

export const SOCIAL_LINKS = {
  telegram: 'https://t.me/exchanger_support',
  vk: 'https://vk.com/exchanger',
  x: 'https://x.com/exchanger',
  youtube: 'https://www.youtube.com/@exchanger',
} as const;

/** Exchanger-rating sites that list the service. */
export const RATING_SITES = [
  { name: 'BestChange', url: 'https://www.bestchange.ru/' },
  { name: 'exchangesumo', url: 'https://exchangesumo.com/' },
  { name: 'kurs.expert', url: 'https://kurs.expert/' },
] as const;
