import {
  AtSign,
  Ban,
  Banknote,
  Copy,
  Flag,
  Images,
  MessageSquareWarning,
  PhoneOff,
  ShieldAlert,
  UserPlus,
  UserX,
  Users,
  type LucideIcon,
} from 'lucide-react';
import type { BadgeTone } from '../../../components/ui';
import { SIGNAL_KINDS, type SignalKind } from './signal-types';

/**
 * How the directory names and colours each trust signal (docs/product.md#ads-moderation): a short
 * word, an icon, and a tone by how directly the kind points at fraud (docs/decisions/0029-trust-signals.md):
 * scam habits rose, rule breaches amber, a new account neutral. Sky and violet stay the ad types'.
 */
export const signalLabels: Record<SignalKind, string> = {
  duplicate_text: 'Duplicate text',
  duplicate_image: 'Duplicate photo',
  stolen_image: 'Stolen photo',
  contact_in_text: 'Contact in text',
  invalid_phone: 'Invalid phone',
  phone_reuse: 'Phone reused',
  blocked_phone: 'Blocked phone',
  price_outlier: 'Price outlier',
  risky_phrase: 'Risky phrase',
  new_account: 'New account',
  reported: 'Reported',
  repeat_offender: 'Repeat offender',
};

export const signalIcons: Record<SignalKind, LucideIcon> = {
  duplicate_text: Copy,
  duplicate_image: Images,
  stolen_image: ShieldAlert,
  contact_in_text: AtSign,
  invalid_phone: PhoneOff,
  phone_reuse: Users,
  blocked_phone: Ban,
  price_outlier: Banknote,
  risky_phrase: MessageSquareWarning,
  new_account: UserPlus,
  reported: Flag,
  repeat_offender: UserX,
};

export const signalTones: Record<SignalKind, BadgeTone> = {
  blocked_phone: 'rose',
  stolen_image: 'rose',
  risky_phrase: 'rose',
  phone_reuse: 'rose',
  invalid_phone: 'amber',
  price_outlier: 'amber',
  duplicate_text: 'amber',
  duplicate_image: 'amber',
  contact_in_text: 'amber',
  new_account: 'slate',
  reported: 'amber',
  repeat_offender: 'rose',
};

/** Most serious first (the weights' order in docs/decisions/0029-trust-signals.md): the row shows these first. */
const ORDER: readonly SignalKind[] = [
  'blocked_phone',
  'stolen_image',
  'risky_phrase',
  'reported',
  'repeat_offender',
  'phone_reuse',
  'invalid_phone',
  'price_outlier',
  'duplicate_text',
  'duplicate_image',
  'contact_in_text',
  'new_account',
];

/** The kinds in the order the row and the panel show them, each once; unknown kinds are dropped. */
export function orderSignals<T extends { kind: string }>(signals: readonly T[]): T[] {
  const known = signals.filter((s) => isSignalKind(s.kind));
  return [...known].sort((a, b) => ORDER.indexOf(a.kind as SignalKind) - ORDER.indexOf(b.kind as SignalKind));
}

export const isSignalKind = (value: unknown): value is SignalKind => SIGNAL_KINDS.includes(value as SignalKind);

export type RiskLevel = 'high' | 'medium' | 'low' | 'none';

/** Risk 60 and up is high, 30 and up medium, anything above 0 low. */
export function riskLevel(risk: number): RiskLevel {
  if (risk >= 60) return 'high';
  if (risk >= 30) return 'medium';
  return risk > 0 ? 'low' : 'none';
}

export const riskTones: Record<RiskLevel, BadgeTone> = {
  high: 'rose',
  medium: 'amber',
  low: 'slate',
  none: 'emerald',
};

export const riskWords: Record<RiskLevel, string> = {
  high: 'high',
  medium: 'medium',
  low: 'low',
  none: 'none',
};

/** The minimum-risk filter's steps (any value 1–100 from a link is kept too). */
export const MIN_RISK_STEPS = [30, 60, 80] as const;
