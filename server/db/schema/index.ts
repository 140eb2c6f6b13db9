// Every table, for code that wants them all in one import. drizzle-kit reads the table files directly.
export * from './calculator.ts';
export * from './claims.ts';
export * from './claimStatusCounts.ts';
export * from './claimMails.ts';
export * from './claimRepricings.ts';
export * from './depositAddresses.ts';
export * from './receivingAccounts.ts';
export * from './promocodes.ts';
export * from './users.ts';
export * from './referral.ts';
export * from './verification.ts';
export * from './news.ts';
export * from './accountLists.ts';
export * from './idempotency.ts';
export * from './security.ts';
export * from './operators.ts';
export * from './rates.ts';
