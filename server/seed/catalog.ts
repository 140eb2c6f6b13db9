// Demo catalogue: currencies, the fields each side asks for, directions with realistic courses and limits,
// reserves and the exchanger's payment accounts. Courses are derived from one price table so they agree.
import Big from 'big.js';
import type { RequisiteCheck } from '../../src/domain/requisites.ts';
import type { CURRENCY_KINDS } from '../db/schema/calculator.ts';

export interface SeedCurrency {
  code: string;
  nameRu: string;
  nameEn: string;
  network: string | null;
  kind: (typeof CURRENCY_KINDS)[number];
  unit: string;
  icon: string;
  decimals: number;
  qrScheme: string | null;
  payCommentRu: string | null;
  payCommentEn: string | null;
  /** Price of one unit in US dollars (crypto and USD) or roubles (RUB methods), for deriving courses. */
  usd: string;
  min: string;
  max: string;
  reserve: string;
}

const RUB_PER_USD = '92.40';

const crypto = (
  code: string,
  nameRu: string,
  nameEn: string,
  network: string,
  unit: string,
  icon: string,
  decimals: number,
  qrScheme: string | null,
  usd: string,
  min: string,
  max: string,
  reserve: string,
): SeedCurrency => ({
  code,
  nameRu,
  nameEn,
  network,
  kind: 'crypto',
  unit,
  icon,
  decimals,
  qrScheme,
  payCommentRu: 'Отправьте ровно указанную сумму одной транзакцией. Заявка обрабатывается после подтверждений сети.',
  payCommentEn: 'Send exactly the amount shown in one transaction. The request is processed after network confirmations.',
  usd,
  min,
  max,
  reserve,
});

const rub = (
  code: string,
  nameRu: string,
  nameEn: string,
  kind: SeedCurrency['kind'],
  icon: string,
  min: string,
  max: string,
  reserve: string,
  payCommentRu: string,
  payCommentEn: string,
): SeedCurrency => ({
  code,
  nameRu,
  nameEn,
  network: null,
  kind,
  unit: 'RUB',
  icon,
  decimals: 2,
  qrScheme: null,
  payCommentRu,
  payCommentEn,
  usd: new Big(1).div(RUB_PER_USD).toFixed(12),
  min,
  max,
  reserve,
});

const CARD_COMMENT_RU = 'Переведите сумму с карты, указанной в заявке, и укажите номер заявки в комментарии к переводу.';
const CARD_COMMENT_EN = 'Transfer the amount from the card given in the request, with the request number as the transfer comment.';

/** The demo exchanger's cash office is in Moscow (city code as rate monitors write it). */
export const CASH_CITY = 'MSK';

export const CURRENCIES: SeedCurrency[] = [
  crypto('BTC', 'Bitcoin', 'Bitcoin', 'BTC', 'BTC', 'btc', 8, 'bitcoin', '96500', '0.0005', '5', '12.5'),
  crypto('ETH', 'Ethereum', 'Ethereum', 'ERC20', 'ETH', 'eth', 8, 'ethereum', '3290', '0.01', '100', '180'),
  crypto(
    'USDTTRC20',
    'Tether TRC20',
    'Tether TRC20',
    'TRC20',
    'USDT',
    'usdt-trc20',
    2,
    null,
    '1',
    '20',
    '100000',
    '450000',
  ),
  crypto(
    'USDTERC20',
    'Tether ERC20',
    'Tether ERC20',
    'ERC20',
    'USDT',
    'usdt-erc20',
    6,
    null,
    '1',
    '50',
    '100000',
    '120000',
  ),
  crypto('LTC', 'Litecoin', 'Litecoin', 'LTC', 'LTC', 'ltc', 8, 'litecoin', '89.5', '0.3', '1000', '900'),
  crypto('TON', 'Toncoin', 'Toncoin', 'TON', 'TON', 'ton', 8, 'ton', '5.45', '5', '20000', '60000'),
  rub(
    'SBERRUB',
    'Сбербанк',
    'Sberbank',
    'card',
    'sberbank',
    '3000',
    '1500000',
    '25000000',
    CARD_COMMENT_RU,
    CARD_COMMENT_EN,
  ),
  rub('TCSBRUB', 'Т-Банк', 'T-Bank', 'card', 'tbank', '3000', '1500000', '18000000', CARD_COMMENT_RU, CARD_COMMENT_EN),
  rub(
    'SBPRUB',
    'СБП',
    'SBP (Faster Payments)',
    'card',
    'sbp',
    '3000',
    '1000000',
    '15000000',
    'Переведите сумму по номеру телефона через СБП в указанный банк.',
    'Send the amount by phone number through SBP to the bank shown.',
  ),
  rub(
    'CARDRUB',
    'Visa/MasterCard/МИР',
    'Visa/MasterCard/Mir',
    'card',
    'card',
    '5000',
    '500000',
    '10000000',
    CARD_COMMENT_RU,
    CARD_COMMENT_EN,
  ),
  rub(
    'YAMRUB',
    'ЮMoney',
    'YooMoney',
    'emoney',
    'yoomoney',
    '2000',
    '150000',
    '1200000',
    'Переведите сумму на кошелёк ЮMoney, указанный ниже.',
    'Send the amount to the YooMoney wallet below.',
  ),
  rub(
    'CASHRUB',
    'Наличные RUB (Москва)',
    'Cash RUB (Moscow)',
    'cash',
    'cash-rub',
    '50000',
    '5000000',
    '30000000',
    'Оплата в офисе по предварительной записи: оператор свяжется с вами по телефону.',
    'Pay at the office by appointment: an operator will call you.',
  ),
  {
    code: 'CASHUSD',
    nameRu: 'Наличные USD (Москва)',
    nameEn: 'Cash USD (Moscow)',
    network: null,
    kind: 'cash',
    unit: 'USD',
    icon: 'cash-usd',
    decimals: 2,
    qrScheme: null,
    payCommentRu: 'Оплата в офисе по предварительной записи: оператор свяжется с вами по телефону.',
    payCommentEn: 'Pay at the office by appointment: an operator will call you.',
    usd: '1',
    min: '500',
    max: '50000',
    reserve: '250000',
  },
];

export interface SeedField {
  name: string;
  labelRu: string;
  labelEn: string;
  placeholderRu: string;
  placeholderEn: string;
  check: RequisiteCheck;
  visible: boolean;
  required: boolean;
}

const field = (
  name: string,
  check: RequisiteCheck,
  labelRu: string,
  labelEn: string,
  placeholderRu = '',
  placeholderEn = placeholderRu,
  visible = true,
  required = true,
): SeedField => ({ name, check, labelRu, labelEn, placeholderRu, placeholderEn, visible, required });

const cardNumber = (labelRu: string, labelEn: string) => field('card', 'card', labelRu, labelEn, '0000 0000 0000 0000');
const holder = field('name', 'name', 'ФИО получателя', 'Recipient full name', 'Иванов Иван Иванович', 'Ivan Ivanov');
const address = (check: RequisiteCheck, placeholder: string) =>
  field('address', check, 'Адрес кошелька', 'Wallet address', placeholder);
const phone = field('phone', 'phone', 'Телефон', 'Phone', '+7 900 000-00-00');

/** Requisite fields per currency: what the client gives from (`give`) and where the exchanger pays (`receive`). */
export const FIELDS: Record<string, { give: SeedField[]; receive: SeedField[] }> = {
  BTC: { give: [], receive: [address('btc', 'bc1q…')] },
  ETH: { give: [], receive: [address('eth', '0x…')] },
  USDTTRC20: { give: [], receive: [address('trc20', 'T…')] },
  USDTERC20: { give: [], receive: [address('eth', '0x…')] },
  LTC: { give: [], receive: [address('ltc', 'ltc1…')] },
  TON: {
    give: [],
    receive: [
      address('ton', 'UQ…'),
      // Exchanges need a memo; kept hidden until the operator enables it, so it is neither shown nor checked.
      field('memo', 'text', 'Комментарий (memo)', 'Comment (memo)', '', '', false, false),
    ],
  },
  SBERRUB: {
    give: [cardNumber('Номер карты отправителя', 'Sender card number')],
    receive: [cardNumber('Номер карты', 'Card number'), holder],
  },
  TCSBRUB: {
    give: [cardNumber('Номер карты отправителя', 'Sender card number')],
    receive: [cardNumber('Номер карты', 'Card number'), holder],
  },
  SBPRUB: {
    give: [],
    receive: [phone, field('bank', 'text', 'Банк получателя', 'Recipient bank', 'Сбербанк', 'Sberbank'), holder],
  },
  CARDRUB: {
    give: [cardNumber('Номер карты отправителя', 'Sender card number')],
    receive: [cardNumber('Номер карты', 'Card number'), holder],
  },
  YAMRUB: {
    give: [],
    receive: [field('wallet', 'yoomoney', 'Номер кошелька ЮMoney', 'YooMoney wallet number', '4100…')],
  },
  CASHRUB: { give: [phone, holder], receive: [phone, holder] },
  CASHUSD: { give: [phone, holder], receive: [phone, holder] },
};

export interface SeedPaymentAccount {
  name: string;
  labelRu: string;
  labelEn: string;
  value: string;
}

const office: SeedPaymentAccount[] = [
  {
    name: 'office',
    labelRu: 'Офис',
    labelEn: 'Office',
    value: 'Москва, Пресненская наб., 12, башня «Восток», офис 4105',
  },
  { name: 'hours', labelRu: 'Часы работы', labelEn: 'Opening hours', value: '10:00–20:00 MSK' },
];

/**
 * Fixed payment details, for currencies paid the same way by every claim (cash at the office). Coins get an
 * address of their own from the pool and roubles one of the receiving accounts below, per claim.
 */
export const PAYMENT_ACCOUNTS: Record<string, SeedPaymentAccount[]> = {
  CASHRUB: office,
  CASHUSD: office,
};

export interface SeedReceivingAccount {
  number: string;
  holder: string | null;
  bank: string | null;
}

const DEMO_HOLDER = 'Алексей Михайлович К.';

/** The demo exchanger's accounts that clients pay roubles into (card numbers pass the Luhn check). */
export const RECEIVING_ACCOUNTS: Record<string, SeedReceivingAccount[]> = {
  SBERRUB: [
    { number: '2202206304173813', holder: DEMO_HOLDER, bank: null },
    { number: '2202206315882477', holder: DEMO_HOLDER, bank: null },
  ],
  TCSBRUB: [
    { number: '5536910158220477', holder: DEMO_HOLDER, bank: null },
    { number: '5536910166441982', holder: DEMO_HOLDER, bank: null },
  ],
  SBPRUB: [
    { number: '+79165554107', holder: DEMO_HOLDER, bank: 'Т-Банк' },
    { number: '+79165554231', holder: DEMO_HOLDER, bank: 'Сбербанк' },
  ],
  CARDRUB: [
    { number: '2200701502312967', holder: DEMO_HOLDER, bank: null },
    { number: '2200701509773450', holder: DEMO_HOLDER, bank: null },
  ],
  YAMRUB: [{ number: '4100118274635521', holder: null, bank: null }],
};

/** Deposit addresses the demo seed loads per crypto currency that has no pool yet. */
export const DEMO_POOL_SIZE = 500;

export interface SeedDirection {
  from: string;
  to: string;
  course: string;
  verificationCourse: string | null;
  bonus: string;
  fromMin: string | null;
  fromMinVerification: string | null;
  fromMax: string | null;
  toMin: string | null;
  toMinVerification: string | null;
  toMax: string | null;
  notify: { side: 'from' | 'to'; ru: string; en: string } | null;
}

const CRYPTO = ['BTC', 'ETH', 'USDTTRC20', 'USDTERC20', 'LTC', 'TON'];
const RUB_METHODS = ['SBERRUB', 'TCSBRUB', 'SBPRUB', 'CARDRUB', 'YAMRUB'];
/** How each rouble method's course differs from the base (fees and demand). */
const METHOD_FACTOR: Record<string, string> = {
  SBERRUB: '1',
  TCSBRUB: '0.999',
  SBPRUB: '1.001',
  CARDRUB: '0.995',
  YAMRUB: '0.99',
  CASHRUB: '1.002',
};
/** Directions that also have a better course for verified users. */
const VERIFIED = new Set([
  'BTC>SBERRUB',
  'USDTTRC20>SBERRUB',
  'SBERRUB>BTC',
  'SBERRUB>USDTTRC20',
  'TON>SBPRUB',
  'ETH>TCSBRUB',
]);
/** Directions with a promotional bonus included in the course. */
const BONUS: Record<string, string> = { 'USDTTRC20>TCSBRUB': '0.5', 'TON>SBPRUB': '1', 'SBERRUB>TON': '0.5' };

const NOTIFY: Record<string, SeedDirection['notify']> = {
  'BTC>CASHRUB': {
    side: 'to',
    ru: 'Выдача наличных — в офисе в Москве по предварительной записи. После оплаты оператор позвонит вам, чтобы договориться о времени.',
    en: 'Cash is handed out at our Moscow office by appointment. After payment an operator will call you to agree on a time.',
  },
  'USDTERC20>SBERRUB': {
    side: 'from',
    ru: 'Комиссия сети Ethereum высокая: отправляйте USDT ERC20 только с кошелька, где есть ETH для оплаты газа.',
    en: 'Ethereum network fees are high: send USDT ERC20 only from a wallet holding ETH for gas.',
  },
  'CASHUSD>USDTTRC20': {
    side: 'from',
    ru: 'Принимаем банкноты USD образца 2006 года и новее без повреждений.',
    en: 'We accept undamaged USD banknotes issued in 2006 or later.',
  },
};

function currency(code: string): SeedCurrency {
  const found = CURRENCIES.find((row) => row.code === code);
  if (!found) throw new Error(`unknown seed currency ${code}`);
  return found;
}

/** A course rounded to 12 significant decimals, trailing zeros dropped. */
function course(value: Big): string {
  const decimals = value.gte(1) ? 4 : 14;
  return new Big(value.toFixed(decimals)).toFixed();
}

/** Value of one unit in roubles. */
function rubles(code: string): Big {
  const row = currency(code);
  return row.unit === 'RUB' ? new Big(1) : new Big(row.usd).times(RUB_PER_USD);
}

function direction(from: string, to: string, spread: string): SeedDirection {
  const key = `${from}>${to}`;
  const giver = currency(from);
  const receiver = currency(to);
  let base = rubles(from).div(rubles(to)).times(new Big(1).minus(spread));
  if (receiver.unit === 'RUB') base = base.times(METHOD_FACTOR[to] ?? '1');
  if (giver.unit === 'RUB') base = base.div(METHOD_FACTOR[from] ?? '1');
  const bonus = BONUS[key] ?? '0';
  const withBonus = base.times(new Big(100).plus(bonus)).div(100);
  const verified = VERIFIED.has(key) ? course(withBonus.times('1.005')) : null;
  // Give-side limits when the client gives crypto; receive-side limits (converted by the calculator) when paying roubles.
  const givesRub = giver.unit === 'RUB';
  return {
    from,
    to,
    course: course(withBonus),
    verificationCourse: verified,
    bonus,
    fromMin: givesRub ? null : giver.min,
    fromMinVerification: givesRub || !verified ? null : new Big(giver.min).times(2).toFixed(),
    fromMax: giver.max,
    toMin: givesRub ? receiver.min : null,
    toMinVerification: givesRub && verified ? new Big(receiver.min).times(2).toFixed() : null,
    toMax: receiver.max,
    notify: NOTIFY[key] ?? null,
  };
}

function buildDirections(): SeedDirection[] {
  const list: SeedDirection[] = [];
  for (const from of CRYPTO) for (const to of RUB_METHODS) list.push(direction(from, to, '0.012'));
  list.push(direction('BTC', 'CASHRUB', '0.01'), direction('USDTTRC20', 'CASHRUB', '0.01'));
  for (const from of RUB_METHODS) {
    for (const to of ['BTC', 'ETH', 'USDTTRC20', 'LTC', 'TON']) list.push(direction(from, to, '0.035'));
  }
  list.push(direction('SBERRUB', 'USDTERC20', '0.035'), direction('TCSBRUB', 'USDTERC20', '0.035'));
  list.push(
    direction('CASHRUB', 'USDTTRC20', '0.025'),
    direction('CASHUSD', 'USDTTRC20', '0.01'),
    direction('USDTTRC20', 'CASHUSD', '0.015'),
  );
  const cryptoPairs: [string, string][] = [
    ['BTC', 'ETH'],
    ['ETH', 'BTC'],
    ['BTC', 'USDTTRC20'],
    ['USDTTRC20', 'BTC'],
    ['ETH', 'USDTTRC20'],
    ['USDTTRC20', 'ETH'],
    ['LTC', 'BTC'],
    ['LTC', 'USDTTRC20'],
    ['TON', 'USDTTRC20'],
    ['USDTTRC20', 'TON'],
    ['USDTTRC20', 'USDTERC20'],
    ['USDTERC20', 'USDTTRC20'],
  ];
  for (const [from, to] of cryptoPairs) list.push(direction(from, to, '0.015'));
  return list;
}

export const DIRECTIONS: SeedDirection[] = buildDirections();

export const PROMOCODES = [
  { code: 'WELCOME', percent: '0.5', uses: 1000 },
  { code: 'FIRST1', percent: '1', uses: 1 },
  { code: 'VIP2026', percent: '1.5', uses: 10 },
] as const;

/** The demo account's own code, shown in its promo-code list. */
export const DEMO_PROMOCODE = { code: 'DEMO-BONUS', percent: '0.7', uses: 3 } as const;
