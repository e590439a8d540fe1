import {
  MAX_SEARCH_LENGTH,
  formatActivityTime,
  type ActivityEvent,
  type AuditAction,
  type AuditActor,
  type AuditDetails,
  type AuditEntity,
} from '@backoffice/contract';
import { paths } from './paths';
import { withQuery } from './api';

/** Each action in plain words, as the timeline and the activity log show it. */
export const actionLabels: Record<AuditAction, string> = {
  submitted: 'Submitted',
  approved: 'Approved',
  rejected: 'Rejected',
  images_updated: 'Images removed',
  deleted: 'Deleted',
  claim_taken_over: 'Review taken over',
  notified: 'Advertiser notified',
  claimed: 'Review started',
  rule_matched: 'Rule matched',
  second_reviewed: 'Second review',
  reported: 'Reported',
  strike_removed: 'Strike removed',
  created: 'Created',
  updated: 'Updated',
  sign_in: 'Signed in',
  sign_out: 'Signed out',
  sign_in_failed: 'Failed sign-in',
  exported: 'Exported',
  two_factor_enrolled: 'Two-factor set up',
  two_factor_reset: 'Two-factor reset',
  recovery_code_used: 'Recovery code used',
  recovery_codes_regenerated: 'New recovery codes',
  password_changed: 'Password changed',
  session_ended: 'Session ended',
  passkey_registered: 'Passkey added',
  passkey_removed: 'Passkey removed',
};

export const entityLabels: Record<AuditEntity, string> = {
  ad: 'Ad',
  user: 'User',
  package: 'Package',
  banner: 'Banner',
  duty: 'Duty',
  reason: 'Rejection reason',
  session: 'Sign-in',
  export: 'Export',
  phone: 'Blocked phone',
  phrase: 'Risky phrase',
  rule: 'Rule',
  setting: 'Setting',
  queue: 'Queue',
  report: 'Report',
};

/** Who acted: an admin, or nobody signed in (an advertiser on the public site, a refused sign-in, the system itself). */
export function actorName(actor: AuditActor | null, action: AuditAction): string {
  if (actor) return actor.name;
  if (action === 'submitted') return 'Public site';
  if (action === 'sign_in_failed') return 'Not signed in';
  return 'System';
}

/** The details of an entry in one short line, or null when there is nothing to add. */
export function detailsText(details: AuditDetails | undefined): string | null {
  if (!details) return null;
  const parts: string[] = [];
  if (details.fields?.length) parts.push(`Changed: ${details.fields.join(', ')}`);
  if (details.from !== undefined || details.to !== undefined)
    parts.push(`${details.from ?? '-'} → ${details.to ?? '-'}`);
  if (details.removed !== undefined) parts.push(`${details.removed} ${details.removed === 1 ? 'image' : 'images'}`);
  if (details.email) parts.push(details.email);
  if (details.factor) parts.push(`With ${details.factor.replace('-', ' ')}`);
  if (details.channel) parts.push(`By ${details.channel}`);
  if (details.status)
    parts.push(
      details.attempts
        ? `${details.status} after ${details.attempts} ${details.attempts === 1 ? 'attempt' : 'attempts'}`
        : details.status,
    );
  if (details.error) parts.push(details.error);
  if (details.reason) parts.push(details.reason);
  if (details.rows !== undefined) parts.push(`${details.rows} ${details.rows === 1 ? 'row' : 'rows'}`);
  if (details.filters && Object.keys(details.filters).length)
    parts.push(
      `Filters: ${Object.entries(details.filters)
        .map(([k, v]) => `${k}: ${v}`)
        .join(', ')}`,
    );
  if (details.cancelled) parts.push('Stopped before the end');
  return parts.length ? parts.join(' · ') : null;
}

export const formatEventTime = formatActivityTime;

/**
 * The ads directory searching an ad's heading, with `ad` asking it to open that ad's side panel
 * once the ad is among the rows (the directory has no call that fetches one ad by id).
 */
export function adLink(id: string, heading: string): string {
  const query = new URLSearchParams({ q: heading.slice(0, MAX_SEARCH_LENGTH), ad: id });
  return `${paths.adsDirectory}?${query}`;
}

/** Where an entry's row leads, or null when the thing is gone (its label is shown without a link). */
export function eventLink(event: Pick<ActivityEvent, 'entity' | 'entityId' | 'entityLabel' | 'exists'>): string | null {
  if (!event.exists || !event.entityId) return null;
  switch (event.entity) {
    case 'ad':
      return adLink(event.entityId, event.entityLabel);
    case 'user':
    case 'session':
      return paths.userDetail(event.entityId);
    case 'package':
      return paths.packages;
    case 'banner':
      return paths.banners;
    case 'duty':
      return paths.duties;
    case 'reason':
      // Managed from the Reject modal: no screen of their own to go to.
      return null;
    case 'export':
      // A downloaded file: nothing in the back-office to open.
      return null;
    case 'phone':
      // A number on the blocklist (no id: entityId is null, so never reached).
      return null;
    case 'phrase':
      // A risky phrase (no id either).
      return null;
    case 'rule':
      return paths.rules;
    case 'setting':
    case 'queue':
      return null;
    case 'report':
      return paths.bugs;
  }
}

/** Filters of the activity log as its URL carries them; empty ones are left out. */
export type ActivityLogFilters = Partial<
  Record<'entity' | 'action' | 'actor' | 'advertiser' | 'from' | 'to' | 'q' | 'page', string>
>;

export function activityLogPath(filters: ActivityLogFilters = {}): string {
  return withQuery(paths.activity, filters);
}

/** Badge colour of each action: decisions in the status colours, the rest neutral. */
export const actionTones: Record<AuditAction, 'emerald' | 'amber' | 'rose' | 'sky' | 'violet' | 'slate'> = {
  submitted: 'amber',
  approved: 'emerald',
  rejected: 'rose',
  images_updated: 'sky',
  deleted: 'rose',
  claim_taken_over: 'violet',
  notified: 'sky',
  claimed: 'violet',
  rule_matched: 'violet',
  second_reviewed: 'sky',
  reported: 'amber',
  strike_removed: 'slate',
  created: 'emerald',
  updated: 'sky',
  sign_in: 'slate',
  sign_out: 'slate',
  sign_in_failed: 'amber',
  exported: 'violet',
  two_factor_enrolled: 'sky',
  two_factor_reset: 'amber',
  recovery_code_used: 'amber',
  recovery_codes_regenerated: 'sky',
  password_changed: 'sky',
  session_ended: 'slate',
  passkey_registered: 'sky',
  passkey_removed: 'amber',
};
