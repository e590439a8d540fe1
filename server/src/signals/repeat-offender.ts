import { REPEAT_OFFENDER_STRIKES } from '@backoffice/contract';
import type { SignalModule } from './types';

/**
 * `repeat_offender`: the advertiser had three or more active strikes (rejections of their ads in
 * the last 90 days, the setting's days; docs/decisions/0035-strikes-and-languages.md) when the ad
 * was analysed.
 */
export interface RepeatOffenderInput {
  activeStrikes: number;
}
export interface RepeatOffenderEvidence {
  activeStrikes: number;
}

export const repeatOffender: SignalModule<RepeatOffenderInput, RepeatOffenderEvidence> = {
  kind: 'repeat_offender',
  detect({ activeStrikes }) {
    if (activeStrikes < REPEAT_OFFENDER_STRIKES) return [];
    return [{ kind: 'repeat_offender', evidence: { activeStrikes } }];
  },
};
