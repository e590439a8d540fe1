// Kept apart from the schemas (signals.ts) so that a screen reading them loads no part of zod
// (e2e/bundle-budget.test.ts: the ads directory reads the kinds from its URL before it shows).

/** The trust signals' kinds (docs/decisions/0029-trust-signals.md). */
export const SIGNAL_KINDS = [
  'duplicate_text',
  'duplicate_image',
  'stolen_image',
  'contact_in_text',
  'invalid_phone',
  'phone_reuse',
  'blocked_phone',
  'price_outlier',
  'risky_phrase',
  'new_account',
  /** Open reports from the public on a pending ad (docs/decisions/0034-reports.md); written by the intake, not the analysis. */
  'reported',
  /** The advertiser has three or more active strikes (docs/decisions/0035-strikes-and-languages.md). */
  'repeat_offender',
] as const;
export type SignalKind = (typeof SIGNAL_KINDS)[number];

export const signalMessages = {
  unknownSignal: 'Unknown signal',
  minRisk: 'Minimum risk must be a whole number from 0 to 100',
  phoneRequired: 'Please enter a phone number',
  phoneInvalid: 'Enter a valid phone number, such as 077 123 4567 or +94 77 123 4567',
  phoneNotBlocked: 'This number is not on the blocklist',
} as const;
