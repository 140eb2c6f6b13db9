// Support channels that are the same in every language (the e-mail address comes from the server settings).
export const TELEGRAM_SUPPORT = { handle: '@exchanger_support', url: 'https://t.me/exchanger_support' } as const;
