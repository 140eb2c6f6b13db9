import type { AmlContent } from '../types.ts';

export const aml: AmlContent = {
  lead:
    'We have to make sure that no money linked to fraud, drugs, terrorist financing or other crimes passes through the service. This policy explains which checks we run, what we may ask of you and what happens to the funds if a check fails.',
  effective: '2026-11-01',
  sections: [
    {
      id: 'approach',
      title: 'A risk-based approach',
      paragraphs: [
        'How closely we look depends on the risk of the operation. An ordinary exchange of a small amount from a clean wallet is checked automatically and needs nothing from you. Extra questions come up only when the automatic check or an operator sees signs of higher risk.',
      ],
      list: [
        'low risk — the request is fulfilled as usual;',
        'medium risk — an operator may ask about the purpose of the exchange;',
        'high risk — the request is put on hold until we receive documents on the origin of the funds.',
      ],
    },
    {
      id: 'crypto-checks',
      title: 'Checking incoming cryptocurrency',
      paragraphs: [
        'Every incoming crypto payment is checked with a specialised blockchain-analytics service. It scores how closely the sender’s address and the coins’ history are linked to known sources of risk.',
        'High risk means direct or close links to darknet markets, mixers, hacked exchanges, fraud schemes, sanctioned addresses and services that do not identify their customers.',
      ],
    },
    {
      id: 'source-of-funds',
      title: 'Source-of-funds requests',
      paragraphs: [
        'When the risk is high, we ask you to explain where the funds came from and to back this up with documents. The request is sent to the e-mail address given in the exchange request.',
        'You have 14 days to answer. While the check is running, the request is neither fulfilled nor cancelled.',
      ],
      list: [
        'an exchange or wallet statement with the transaction history showing how the funds moved;',
        'a contract, invoice or other document explaining how the funds were received;',
        'an identity document and a selfie with it — if needed to link the funds to you.',
      ],
    },
    {
      id: 'freezing',
      title: 'Freezing and returning funds',
      paragraphs: [
        'If the documents confirm that the funds are legitimate, the request is fulfilled at the rate fixed when it was created or, if you prefer, the funds are returned to the sender.',
        'If the documents are not provided in time or link the funds to illegal activity, the funds stay frozen. We share information about them at the request of the competent authorities and return them only on their decision.',
        'The network fee for the return transfer is deducted from a refund. The service charges no fee of its own.',
      ],
    },
    {
      id: 'cards',
      title: 'Bank card verification',
      paragraphs: [
        'When you pay by bank card we check that the card belongs to the person who created the request. This protects owners of stolen cards, and it protects you from the payment being disputed.',
        'A photo of the card next to the request page is enough. Cover the middle digits and the CVV: we only need the first six and the last four digits and the cardholder’s name.',
      ],
    },
    {
      id: 'kyc',
      title: 'Card verification',
      paragraphs: [
        'You may verify your bank card in your account whenever you like: upload a photo of the card as described above. A verified card unlocks an improved rate on some directions and speeds up checks of large exchanges.',
        'Verification becomes mandatory when your monthly exchanges exceed the threshold set for a direction, or when a source-of-funds check requires it.',
      ],
    },
    {
      id: 'refusal',
      title: 'Refusing service',
      paragraphs: [
        'We may refuse an exchange without giving reasons if it looks like an attempt to get around the checks: splitting an amount into parts, paying from other people’s cards or wallets, or using forged documents.',
      ],
    },
    {
      id: 'retention',
      title: 'Data retention',
      paragraphs: [
        'Request data, check results and documents received are kept for five years after the last operation, as anti-money-laundering rules require. After that they are deleted.',
        'Only compliance staff can access the documents. We do not share data with third parties except where the law requires it.',
      ],
    },
  ],
};
