import { checkSriLankanPhone } from './phone';
import type { SignalModule } from './types';

/**
 * `invalid_phone`: the ad's contact number is not a valid Sri Lankan number (the posting rules
 * reject such an ad). An ad without a contact number gets none: that is a form rule, not a signal.
 */
export interface InvalidPhoneEvidence {
  phone: string;
  reason: 'unreadable' | 'not_sri_lankan' | 'not_valid';
  e164?: string;
}

export const invalidPhone: SignalModule<{ phone?: string | null }, InvalidPhoneEvidence> = {
  kind: 'invalid_phone',
  detect({ phone }) {
    if (!phone?.trim()) return [];
    const check = checkSriLankanPhone(phone);
    if (check.valid) return [];
    return [
      { kind: 'invalid_phone', evidence: { phone, reason: check.reason, ...(check.e164 && { e164: check.e164 }) } },
    ];
  },
};
