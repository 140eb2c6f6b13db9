import type { ContestContent } from '../types.ts';

export const contest: ContestContent = {
  lead: 'Tell others about your exchange on an exchanger-rating site and take part in our prize draw. An honest review helps people choose a reliable service, and it helps us improve.',
  idle: 'No contest is running right now. Watch our news and Telegram channel: we announce the next draw in advance.',
  stepsTitle: 'How to take part',
  steps: [
    'Complete at least one exchange on our service while the contest runs.',
    'Leave a review of our exchanger on one of the rating sites linked at the bottom of the page. Say what you exchanged and how it went.',
    'Send support your request number and a link to the review, or the name it was published under.',
    'Wait for the results: winners are drawn at random from all participants and announced in the news.',
  ],
  rulesTitle: 'Contest rules',
  rules: [
    'A participant is a user aged 18 or over who made an exchange during the contest.',
    'One review per participant per rating site counts. A review may be positive or critical — its tone does not matter to us.',
    'Reviews written from a template, posted on behalf of others or removed by the site’s moderators are not entered into the draw.',
    'A prize is credited to the referral balance of the winner’s account or sent to their payment details within 7 days of the results.',
    'The organiser may exclude a participant who tries to game the contest terms.',
  ],
  prizesFallback: 'Prizes will be announced shortly.',
};
