export * from './messages';
export * from './auth';
export * from './users';
export * from './errors';
export * from './sign-in-rules';
export * from './ads';
