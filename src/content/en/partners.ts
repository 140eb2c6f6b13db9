import type { MonitoringContent, PartnersContent, ReferralContent } from '../types.ts';

export const partners: PartnersContent = {
  lead: 'We work with people who bring others to us and with sites that help people choose an exchanger. Pick the program that suits you.',
  programmes: [
    {
      id: 'referral',
      path: '/partners/users',
      title: 'Referral program',
      summary: 'For users, bloggers and community owners: share your link and earn a percentage of the exchanges of the people you invite.',
      points: [
        'credited after every completed exchange;',
        'withdrawals from the balance in your account;',
        'statistics of invited users and a history of earnings.',
      ],
    },
    {
      id: 'monitoring',
      path: '/partners/monitoring',
      title: 'For rate monitors',
      summary: 'For exchanger-monitoring sites: current rates and reserves in XML for automatic import.',
      points: [
        'one export address for every direction;',
        'rates, reserves and limits as of the moment of the request;',
        'standard currency codes.',
      ],
    },
  ],
  closing: 'Want to suggest another kind of partnership? Write to us — the details are on the Contacts page.',
};

export const referral: ReferralContent = {
  lead: 'Invite friends, followers and clients and earn a reward from each of their exchanges — not just the first one, but every exchange for as long as they use the service.',
  steps: [
    {
      id: 'account',
      title: 'Sign up',
      text: 'Your referral link and balance appear in your account as soon as you register and confirm your e-mail.',
    },
    {
      id: 'share',
      title: 'Share your link',
      text: 'Send a link like https://our-site/?ref=YOUR_CODE to friends, or post it on your blog, channel or forum.',
    },
    {
      id: 'earn',
      title: 'Earn rewards',
      text: 'After every completed exchange of a user you invited, a percentage of the exchange amount in roubles is credited to your balance.',
    },
    {
      id: 'withdraw',
      title: 'Withdraw your earnings',
      text: 'Once the balance reaches the minimum withdrawal amount, create a withdrawal request in your account and enter your payment details.',
    },
  ],
  sections: [
    {
      id: 'link',
      title: 'How the ?ref= link works',
      paragraphs: [
        'When someone opens any page of the site through your link, your code is remembered in their browser. If they then sign up or create a request, they are attached to you, even if they come back later without the link.',
        'You can add ?ref= to the address of any page — for example, the page of a particular exchange direction. The link works on both the Russian and the English version of the site.',
      ],
    },
    {
      id: 'earnings',
      title: 'Earnings',
      paragraphs: [
        'Your reward is a share of every completed exchange of an invited user, calculated in roubles. The current percentage is shown in the referral section of your account.',
        'Requests that were cancelled, refunded or failed a check earn nothing.',
      ],
    },
    {
      id: 'payouts',
      title: 'Payouts',
      paragraphs: [
        'Money is withdrawn from the referral balance by a request made in your account, where the minimum withdrawal amount is also shown. Withdrawal requests are processed within 24 hours.',
        'Payouts can go to a bank card, a YooMoney wallet or a USDT TRC20 crypto wallet.',
      ],
    },
    {
      id: 'restrictions',
      title: 'What is not allowed',
      paragraphs: ['We reset the balance and end participation in the program if these rules are broken:'],
      list: [
        'inviting yourself, including through a second account;',
        'spam, mailings without the recipients’ consent and advertising in other people’s reviews;',
        'search ads bidding on our service’s name;',
        'promising bonuses the service does not offer.',
      ],
    },
  ],
};

export const monitoring: MonitoringContent = {
  lead: 'If you run an exchanger-monitoring site, connect our service through the XML export (BestChange’s format, version 1.1). It lists every active direction with its rate, reserve and limits; the same items are served as JSON at /export/rates.json.',
  exportTitle: 'Export address',
  exportText: 'The file is available without authorisation at the address below. Each <item> element describes one exchange direction. Before an item is published it is checked against what an exchange created at that moment would get: an item that disagrees is left out, never published.',
  fieldsTitle: 'Fields of the file',
  fields: [
    { name: 'from', description: 'code of the currency the client gives;' },
    { name: 'to', description: 'code of the currency the client receives;' },
    { name: 'in', description: 'how many units of the from currency are given; either in or out is always 1;' },
    { name: 'out', description: 'how many units of the to currency the client receives for the in amount;' },
    { name: 'amount', description: 'our reserve of the to currency available for payouts;' },
    { name: 'frommin', description: 'the smallest amount of the from currency one exchange accepts (where there is one);' },
    { name: 'frommax', description: 'the largest amount of the from currency one exchange accepts (where there is one);' },
    { name: 'tomin', description: 'the same minimum in the to currency;' },
    { name: 'tomax', description: 'the same maximum in the to currency;' },
    { name: 'city', description: 'only for a direction with cash: the city where the cash is handed over;' },
    { name: 'param', description: 'labels, comma-separated: manual — every payout is made by an operator, floating — the rate follows the market (the exchange page says from which prices and for how long it is fixed), verifying — a better rate for verified users exists, cardverify — the payout waits for a verified sender card.' },
  ],
  sections: [
    {
      id: 'frequency',
      title: 'Update frequency',
      paragraphs: [
        'The file is built from the current rates and reserves at the moment of the request: rate changes and reserve changes after payouts show up at once. A direction that is temporarily disabled disappears from the file.',
        'The answer carries an ETag header. Send it back in If-None-Match — while nothing has changed the server answers 304 Not Modified with no body, so polling every 10–30 seconds is fine.',
      ],
    },
    {
      id: 'connect',
      title: 'Getting connected',
      paragraphs: [
        'To add our exchanger to your monitor, write to support with your site’s address and a contact. We will check that the import works and send you the listing details.',
      ],
    },
  ],
  codesTitle: 'Currency codes',
  codesText: 'The codes used in the from and to fields. The list is built from the active exchange directions.',
};
