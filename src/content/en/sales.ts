import type { SalesContent } from '../types.ts';

export const sales: SalesContent = {
  lead: 'Standing and limited-time offers that make your exchange more rewarding. Bonuses do not combine with an individual rate agreed with an operator, but they do combine with each other unless the description says otherwise.',
  offers: [
    {
      id: 'direction-bonus',
      title: 'Directions of the week',
      badge: 'up to +1.5% rate',
      summary: 'On several directions we add a bonus to the rate. It is already included in the calculator’s figures — there is nothing to enter.',
      details: [
        'The list of bonus directions is refreshed every Monday.',
        'The size of the bonus is shown in the calculator when such a direction is selected.',
      ],
    },
    {
      id: 'verified-rate',
      title: 'Rate for verified users',
      badge: 'best rate',
      summary: 'Verify your bank card in your account and an improved rate opens up on some directions.',
      details: [
        'Verification is done once and takes about 15 minutes.',
        'Turn on the “Rate for verified users” switch in the calculator before creating a request.',
      ],
    },
    {
      id: 'promocodes',
      title: 'Promo codes',
      badge: 'personal',
      summary: 'A promo code adds a bonus to the rate of one or more requests. Enter it in the exchange form before creating a request.',
      details: [
        'Personal codes appear in your account under Promo codes — for example after your fifth exchange or on your account’s anniversary.',
        'Public codes are posted in our Telegram channel; they are limited in number and their validity is stated in the post.',
        'One promo code applies per request.',
      ],
    },
    {
      id: 'volume',
      title: 'Volume bonus',
      badge: 'from 1,000,000 ₽',
      summary: 'For exchanges worth one million roubles or more, an operator will quote an individual rate and prepare the reserve in advance.',
      details: [
        'Write to support before creating the request: give the direction and the approximate amount.',
        'The individual rate applies to one request for the agreed time.',
      ],
    },
    {
      id: 'referral',
      title: 'Invite your friends',
      badge: 'profit share',
      summary: 'Share your referral link and receive part of the service’s profit from every exchange made by the users you invited.',
      details: ['Terms and payouts are described on the referral program page.'],
    },
  ],
  termsTitle: 'General terms of the offers',
  terms: [
    'Bonuses apply only to requests paid within the 30 minutes allowed.',
    'We may cancel a bonus if an offer is abused — for example, by splitting a request into parts or creating it from several accounts.',
    'Terms may change; the terms published on this page when a request is created are the ones that apply.',
  ],
};
