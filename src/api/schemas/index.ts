export * from './common.ts';
export * from './calculator.ts';
export * from './claim.ts';
export * from './user.ts';
export * from './verification.ts';
export * from './news.ts';
