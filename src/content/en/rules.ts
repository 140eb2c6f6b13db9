import type { RulesContent } from '../types.ts';

export const rules: RulesContent = {
  lead:
    'These rules explain how an exchange works on our service: who takes part, what happens to a request from the moment it is created until the payout, and how disagreements are settled. By creating an exchange request you confirm that you have read and accepted them.',
  effective: '2026-11-01',
  sections: [
    {
      id: 'general',
      title: 'General provisions',
      clauses: [
        'The Service is an online exchanger that, on a User’s request, buys one currency or e-money from the User and sells another at the rate in force when the request is created.',
        'A User is a legally capable individual aged 18 or over who has accepted these rules. Using the Service on behalf of or in the interests of third parties is not allowed.',
        'A request is the User’s instruction to exchange, stating the direction, the amounts and the details for receiving funds. Every request gets a unique number that support uses to find it.',
        'The Service may change these rules. A new edition is published on this page and applies to requests created after publication.',
      ],
    },
    {
      id: 'parties',
      title: 'The parties and their duties',
      clauses: [
        'The User enters accurate payment details, sends funds only from their own accounts, cards and wallets, and is responsible for the information they provide.',
        'The Service fulfils a request for the amount actually received, keeps a history of operations and answers the User’s enquiries on their merits.',
        'Neither party uses the Service for operations prohibited by law, including laundering the proceeds of crime.',
      ],
    },
    {
      id: 'claim',
      title: 'Creating a request',
      clauses: [
        'The User chooses what to give and what to receive, enters the amount, the payment details and an e-mail address. The amount must lie between the minimum and maximum of the direction; the limits are shown in the calculator.',
        'Once the request is created, the User gets a request page with its status and payment instructions. A link to it is also sent by e-mail.',
        'The Service may decline to create a request if the reserve of the currency is insufficient or the direction is temporarily suspended.',
      ],
    },
    {
      id: 'payment',
      title: 'Paying a request',
      clauses: [
        'A request must be paid within 30 minutes of its creation. The countdown is shown on the request page.',
        'Pay exactly the amount stated in the request, in a single payment, to the details shown on the request page. Those details are valid for that request only.',
        'After the transfer, press “I have paid”. If payment is not confirmed within 30 minutes, the request closes automatically.',
        'A payment that arrives after the request closed, or in a different amount, is handled manually: the Service either recalculates the exchange at the current rate or refunds the funds under the “Refunds” section.',
        'For cryptocurrencies a request counts as paid once the network has given the required number of confirmations; confirmation time does not count towards the 30 minutes if the transaction was sent in time.',
      ],
    },
    {
      id: 'rate',
      title: 'Exchange rate',
      clauses: [
        'The rate is fixed when the request is created and does not change as long as the request is paid within the allotted time.',
        'If payment arrives after the request closed, the rate at the moment the funds are credited applies.',
        'Verified users get an improved rate on some directions. It applies when the “Rate for verified users” switch is on while the request is created.',
        'The rate shown in the calculator already includes the Service’s fee. Fees charged to the sender by banks and networks are paid by the User.',
      ],
    },
    {
      id: 'verification',
      title: 'Card verification',
      clauses: [
        'On the first payment by bank card the Service may ask the User to prove the card is theirs by sending a photo of the card next to the request page. The card number may be covered, leaving the first six and the last four digits visible.',
        'The check usually takes no more than 15 minutes while operators are on duty. A verified card is saved in the account and does not need to be verified again.',
        'The Service may refuse an exchange if the card belongs to someone else or the photo raises doubts.',
      ],
    },
    {
      id: 'execution',
      title: 'Fulfilling a request',
      clauses: [
        'Funds are sent to the details given in the request once payment is confirmed. Most requests are completed within 5–30 minutes.',
        'Completion may take longer when a network is congested, a payment is being checked or a bank is under maintenance. The status is always visible on the request page.',
        'A payout is complete once funds are sent to the details given. A mistake in the details made by the User is not a ground for a second payout.',
      ],
    },
    {
      id: 'refunds',
      title: 'Refunds',
      clauses: [
        'A refund is possible while a request has not been fulfilled: at the User’s request, after a late payment, after a payment in the wrong amount, or when the exchange is refused after a check.',
        'Funds go back to the details they came from or, if that is impossible, to other details of the User once their identity is confirmed.',
        'Network or payment-system fees for the return transfer are deducted from the refund. The Service charges no fee of its own for a refund.',
        'A refund is made within 24 hours of agreeing the details, unless an AML check requires otherwise.',
      ],
    },
    {
      id: 'aml',
      title: 'AML checks',
      clauses: [
        'Every incoming cryptocurrency payment goes through an automatic source-of-funds check. The procedure is described in the AML/KYC policy.',
        'When the risk is high, the Service puts the request on hold and may ask for documents on the origin of the funds. The request is fulfilled only after the check is complete.',
        'If a check links the funds to illegal activity, they may be frozen and handed over at the request of the competent authorities.',
      ],
    },
    {
      id: 'liability',
      title: 'Liability',
      clauses: [
        'The Service is not liable for delays caused by banks, payment systems and blockchain networks, nor for the consequences of mistakes in the details entered by the User.',
        'The Service’s liability for a single request is limited to the amount the User paid for that request.',
        'The User is responsible for keeping access to their e-mail and account secure. Actions taken under their account are deemed to be theirs.',
      ],
    },
    {
      id: 'disputes',
      title: 'Disputes and complaints',
      clauses: [
        'A complaint about a request may be filed within 30 days of its creation. Give the request number, describe the issue and attach proof of payment.',
        'The Service answers a complaint within 3 business days. In complex cases this may be extended to 10 business days, and the User is told so.',
        'The parties settle disputes by negotiation. Failing agreement, a dispute is resolved as provided by law.',
      ],
    },
    {
      id: 'contacts',
      title: 'Contacting the Service',
      clauses: [
        'Support operators work around the clock. Write to the live chat on the site, to Telegram or to the e-mail address shown on the Contacts page.',
        'Enquiries about a request are handled only when they quote its number and come from the e-mail address given in the request.',
      ],
    },
  ],
};
