import type { ModerationRule, RuleActionType, RuleField, RuleMode, RuleOp } from '@backoffice/contract';
import type { BadgeTone } from '../../components/ui';

/** How long the Rules and Second review screens' messages stay (as the risky phrases' do). */
export const RULE_MESSAGE_MS = 5000;

/** The rules' words as the Rules screen shows them (docs/product.md#moderation-rules). */
export const modeLabels: Record<RuleMode, string> = { draft: 'Draft', shadow: 'Shadow', live: 'Live' };
export const modeTones: Record<RuleMode, BadgeTone> = { draft: 'slate', shadow: 'violet', live: 'emerald' };

export const fieldLabels: Record<RuleField, string> = {
  category: 'Category',
  district: 'District',
  adType: 'Type',
  price: 'Price',
  text: 'Heading or details',
  signal: 'Signal',
  risk: 'Risk',
  'advertiser.verified': 'Advertiser verified',
  'advertiser.accountAgeDays': 'Account age (days)',
  'advertiser.activeStrikes': 'Active strikes',
  'advertiser.approvedAds': 'Approved ads',
};

export const opLabels: Record<RuleOp, string> = {
  eq: 'is',
  neq: 'is not',
  in: 'is one of',
  lt: 'is under',
  gt: 'is over',
  contains: 'contains',
  matches: 'matches pattern',
  has: 'has',
};

export const actionLabels: Record<RuleActionType, string> = {
  flag: 'Flag',
  prioritise: 'Prioritise',
  route: 'Route to a queue',
  reject: 'Reject',
  approve: 'Approve',
};

/** A signal kind in words: `duplicate_text` → "Duplicate text". */
export function signalWord(kind: string): string {
  const words = kind.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function valueWords(value: unknown): string {
  if (Array.isArray(value)) return value.map(String).join(', ');
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  return String(value);
}

/** One condition in plain words: "Price is under 1000", "Signal: Risky phrase", "Advertiser verified: yes". */
export function conditionWords(c: ModerationRule['conditions'][number]): string {
  const field = fieldLabels[c.field as RuleField] ?? c.field;
  if (c.op === 'has') {
    if (c.field === 'price') return c.value === false ? 'No price given' : 'Price given';
    return `Signal: ${signalWord(String(c.value))}`;
  }
  if (typeof c.value === 'boolean') return `${field}: ${valueWords(c.value)}`;
  const op = opLabels[c.op as RuleOp] ?? c.op;
  const value = c.op === 'contains' || c.op === 'matches' ? `“${valueWords(c.value)}”` : valueWords(c.value);
  return `${field} ${op} ${value}`;
}

/** What the rule does, in a few words: "Flag: Fee asked", "Route to Senior review", "Reject: Fake item". */
export function actionWords(
  action: ModerationRule['action'],
  reasonTitle?: (id: string) => string | undefined,
): string {
  switch (action.type) {
    case 'flag':
      return `Flag: ${action.label ?? ''}`;
    case 'route':
      return `Route to ${action.queue ?? ''}`;
    case 'prioritise':
      return 'Prioritise';
    case 'reject': {
      const title = action.reasonId ? reasonTitle?.(action.reasonId) : undefined;
      return title ? `Reject: ${title}` : 'Reject';
    }
    case 'approve':
      return action.sampleRate !== undefined ? `Approve (${percent(action.sampleRate)} sampled)` : 'Approve';
  }
}

/** A share from 0 to 1 as a percent with at most one decimal: 0.05 → "5 %". */
export function percent(share: number): string {
  return `${Math.round(share * 1000) / 10} %`;
}

/** Precision or recall to three places, or a dash when nothing was decided. */
export function ratio(value: number | null): string {
  return value === null ? '-' : value.toFixed(3);
}
