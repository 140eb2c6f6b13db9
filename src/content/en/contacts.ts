import type { ContactsContent } from '../types.ts';

export const contacts: ContactsContent = {
  lead: 'Support helps with exchange requests, verification, refunds and the referral program. The fastest way to get an answer is the live chat on the site or Telegram.',
  hours: [
    { id: 'operators', label: 'Support operators', value: 'around the clock, seven days a week' },
    { id: 'exchanges', label: 'Electronic currency exchange', value: 'around the clock, automatically' },
    { id: 'cash', label: 'Cash exchange', value: 'daily from 10:00 to 20:00 Moscow time, by prior request' },
    { id: 'compliance', label: 'Compliance team (AML checks)', value: 'weekdays from 9:00 to 21:00 Moscow time' },
  ],
  responseTimes: [
    { id: 'chat', channel: 'Live chat on the site', time: 'a few minutes' },
    { id: 'telegram', channel: 'Telegram chat', time: 'up to 15 minutes' },
    { id: 'email', channel: 'E-mail', time: 'up to 2 hours' },
    { id: 'claims', channel: 'Written complaint', time: 'up to 3 business days' },
  ],
  tips: {
    id: 'tips',
    title: 'Help us help you faster',
    paragraphs: ['Write from the e-mail address given in your request and include what we need right away:'],
    list: ['the request number;', 'proof of payment: a bank receipt or the transaction hash;', 'a short description of the problem.'],
  },
};
