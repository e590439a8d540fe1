export * from './users';
export * from './sessions';
export * from './ads';
export * from './catalog';
export * from './advertiser-messages';
export * from './audit';
export * from './live';
export * from './signals';
