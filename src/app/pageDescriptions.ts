// The search-result and link-preview text of each page (<meta name="description">, og:description), by route
// pattern of routes.ts. Pages not listed (account, claim results) share the site's own description.
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

export const SITE_DESCRIPTION: MessageDescriptor = msg`Exchange cryptocurrency, bank-card roubles and e-money at a course fixed when you create the claim, with payouts in minutes.`;

export const PAGE_DESCRIPTIONS: Record<string, MessageDescriptor> = {
  '/': SITE_DESCRIPTION,
  '/rules': msg`The rules of exchange: how a claim is created, paid and completed, the course, limits and refunds.`,
  '/aml': msg`Our anti-money-laundering and know-your-customer policy: when and how we verify cards and clients.`,
  '/faq': msg`Answers to common questions about claims, payment windows, card verification and payouts.`,
  '/sales': msg`Current offers, discounts and promo codes for exchanges.`,
  '/concurs': msg`Take part in our review contest and win a prize for an honest review of the service.`,
  '/contacts': msg`How to reach support: e-mail, Telegram and working hours.`,
  '/partners': msg`Partner programmes: refer clients or list our rates on your monitoring site.`,
  '/partners/users': msg`Referral programme: earn a share of every exchange made by the clients you bring.`,
  '/partners/monitoring': msg`For rate monitors: our rates export in XML and how to list us.`,
  '/status': msg`Which exchange directions are offered right now, why a paused one is paused, and when its rate last changed.`,
  '/news': msg`News of the service: new directions, changes to rules and working hours.`,
  '/news/archive/news': msg`All earlier news of the service, month by month.`,
  '/news/archive/updates': msg`All earlier updates of the service, month by month.`,
  '/login': msg`Sign in to your account to follow your claims, referral earnings and promo codes.`,
  '/register': msg`Create an account to follow your claims, earn referral rewards and use promo codes.`,
  '/forget': msg`Forgot your password? Ask for a link to set a new one.`,
};
