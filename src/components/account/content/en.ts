import type { AccountContent } from './types.ts';

export const accountContent: AccountContent = {
  advLead:
    'Share your link: when someone you invited completes an exchange, {percent}% of its amount goes to your referral balance. You can withdraw the balance at any time from the Referral program page.',
  shareTexts: [
    {
      id: 'short',
      title: 'Short message for a messenger',
      text: 'I exchange crypto and e-money here: fair rates, fast payouts, live support. Try it: {link}',
    },
    {
      id: 'forum',
      title: 'Forum or blog post',
      text: 'Looking for a reliable exchanger? I have been using this service for my BTC, USDT and card exchanges: the rate is fixed when you create the request, payouts arrive in minutes and the support team answers around the clock. Here is the link: {link}',
    },
  ],
  verification: {
    lead: 'We need to make sure the card belongs to you. Take one photo showing the card and a handwritten note side by side.',
    steps: [
      'Put the card on a table, front side up.',
      'Cover the middle digits of the card number with a strip of paper: only the first 6 and the last 4 digits must stay visible.',
      'Next to the card, put a sheet of paper with today’s date and the words “For {exchanger} exchange” written by hand.',
      'Take the photo in good light, without flash glare, so that the digits, the name on the card and the note are easy to read.',
    ],
    note: 'Never show the CVV code on the back of the card: we never ask for it.',
    tips: ['JPEG, PNG or WebP, up to 10 MB.', 'The whole card must be in the frame; do not edit the photo.'],
  },
};
