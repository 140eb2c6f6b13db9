import type { FaqContent } from '../types.ts';

export const faq: FaqContent = {
  lead: 'Answers to the questions we are asked most often. If yours is not here, write to support — operators are available around the clock.',
  entries: [
    {
      id: 'duration',
      question: 'How long does an exchange take?',
      answer: [
        'Most requests are completed 5–30 minutes after payment is confirmed. For cryptocurrencies, add the time the network needs for confirmations: usually 10–40 minutes for Bitcoin and a few minutes for USDT TRC20 and TON.',
        'If a request goes through an additional check, it may take longer. The current status is always shown on the request page.',
      ],
    },
    {
      id: 'registration',
      question: 'Do I need an account to exchange money?',
      answer: [
        'No, you can create a request without signing up — an e-mail address is enough. An account gives you a history of your requests and access to the referral program.',
      ],
    },
    {
      id: 'why-verification',
      question: 'Why do I have to verify my card?',
      answer: [
        'It is how we make sure the payment comes from the cardholder and not from someone who stole the card. Without this check an exchanger becomes a handy tool for fraudsters, and banks start blocking everyone’s payments.',
        'You only verify a card once: after the check it stays verified in your account.',
      ],
    },
    {
      id: 'late-payment',
      question: 'I paid more than 30 minutes after creating the request. What now?',
      answer: [
        'Don’t worry, the money will not be lost. Write to support and quote the request number. We will recalculate the exchange at the current rate or, if you do not accept the new rate, refund the funds minus the network fee for the return transfer.',
      ],
    },
    {
      id: 'fees',
      question: 'What are your fees?',
      answer: [
        'Our fee is already included in the rate the calculator shows: you receive exactly the amount stated in the request. The only extra costs are the fees your bank or the network charges for sending the transfer.',
      ],
    },
    {
      id: 'limits',
      question: 'What are the minimum and maximum amounts?',
      answer: [
        'Limits depend on the direction and are shown under the calculator fields. The maximum is also capped by our reserve of the currency you receive. If you need more than the reserve, write to support and we will prepare the amount in advance.',
      ],
    },
    {
      id: 'cancel',
      question: 'How do I cancel a request?',
      answer: [
        'If you have not paid yet, simply do not pay: the request closes by itself after 30 minutes. If you already sent the payment, write to support with the request number — before the request is fulfilled we will refund the funds minus the network fee.',
      ],
    },
    {
      id: 'wrong-details',
      question: 'I made a mistake in the payment details. What should I do?',
      answer: [
        'Write to support with the request number straight away. Until the request is fulfilled the details can be corrected. Once funds have been sent to the wrong details, only the recipient can return them, so double-check the card number and wallet address before creating a request.',
      ],
    },
    {
      id: 'rate-change',
      question: 'Can the rate change while I am paying?',
      answer: ['No. The rate is fixed when the request is created and holds for the 30 minutes allowed for payment.'],
    },
    {
      id: 'verified-rate',
      question: 'What is the rate for verified users?',
      answer: [
        'On some directions, signed-in users whose bank card is verified get a better rate. Where it exists, a switch appears in the calculator — turn it on before creating the request.',
      ],
    },
    {
      id: 'referral-payouts',
      question: 'How do I get paid under the referral program?',
      answer: [
        'Your reward is credited to the referral balance in your account after every completed exchange of a user you invited. Once the balance reaches the minimum withdrawal amount, create a withdrawal request in the referral section of your account — we process them within 24 hours.',
      ],
    },
    {
      id: 'promocode',
      question: 'Where do I get a promo code and how do I use it?',
      answer: [
        'Promo codes are posted in our Telegram channel. Enter the code when you create a request — the bonus is added to the rate.',
      ],
    },
    {
      id: 'aml-hold',
      question: 'Why is my request on hold for a check?',
      answer: [
        'This happens when the automatic check of incoming cryptocurrency shows elevated risk. We will e-mail you and explain which documents are needed. See the AML/KYC policy for details.',
      ],
    },
    {
      id: 'safety',
      question: 'How can I be sure I am on the real site?',
      answer: [
        'Check the address in the browser bar and do not follow links from unfamiliar messages. Our operators never ask for your account password or for codes from text messages.',
      ],
    },
  ],
  stillQuestions: 'Didn’t find the answer? Write to us — operators reply in the chat, on Telegram or by e-mail.',
};
