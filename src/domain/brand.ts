// The service's name, for the pages and the mails alike.
export const BRAND_NAME = 'Exchanger';
