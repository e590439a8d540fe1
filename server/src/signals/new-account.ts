import type { SignalModule } from './types';

/**
 * `new_account`: the advertiser's first ad, or an account younger than a day when the ad was
 * posted. Weak on its own (every honest seller starts here), it weighs with the others.
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
  accountAgeHours: number;
}

export const newAccount: SignalModule<NewAccountInput, NewAccountEvidence> = {
  kind: 'new_account',
  detect({ accountCreatedAt, postedAt, earlierAds }) {
    const accountAgeHours = Math.max(0, (postedAt.getTime() - accountCreatedAt.getTime()) / 3_600_000);
    const firstAd = earlierAds === 0;
    if (!firstAd && accountAgeHours >= NEW_ACCOUNT_HOURS) return [];
    return [{ kind: 'new_account', evidence: { firstAd, accountAgeHours: Math.round(accountAgeHours * 10) / 10 } }];
  },
};
