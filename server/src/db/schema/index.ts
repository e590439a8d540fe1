export * from './users';
export * from './sessions';
export * from './ads';
export * from './catalog';
export * from './advertiser-messages';
export * from './live';
