import type { SignalModule } from './types';

/**
 * `new_account`: the advertiser's first ad, or an account younger than a day when the ad was
 * posted. Weak on its own (every honest seller starts here), it weighs with the others. An account
 * whose row is younger than the ad (created by an import or a migration after the ad was posted
 * elsewhere) has no known age at posting: only its first ad counts (docs/decisions/0029-trust-signals.md,
 * "An account younger than its ad").
 */
export const NEW_ACCOUNT_HOURS = 24;

export interface NewAccountInput {
  accountCreatedAt: Date;
  postedAt: Date;
  /** The advertiser's ads posted before this one. */
  earlierAds: number;
}
export interface NewAccountEvidence {
  firstAd: boolean;
  /** Null when the account's row is younger than the ad (its age at posting unknown). */
  accountAgeHours: number | null;
}

export const newAccount: SignalModule<NewAccountInput, NewAccountEvidence> = {
  kind: 'new_account',
  detect({ accountCreatedAt, postedAt, earlierAds }) {
    const age = (postedAt.getTime() - accountCreatedAt.getTime()) / 3_600_000;
    const firstAd = earlierAds === 0;
    const young = age >= 0 && age < NEW_ACCOUNT_HOURS;
    if (!firstAd && !young) return [];
    return [
      { kind: 'new_account', evidence: { firstAd, accountAgeHours: age >= 0 ? Math.round(age * 10) / 10 : null } },
    ];
  },
};
