// Kept apart from the schemas (live.ts) so that a screen reading them loads no part of zod.

/** A claim lasts five minutes and is renewed while its side panel stays open. */
export const CLAIM_TTL_MS = 5 * 60_000;
export const CLAIM_RENEW_MS = 60_000;
export const EVENT_HEARTBEAT_MS = 15_000;

/**
 * `report`: a report from the public arrived or was handled (`id` is the report's); it goes out as
 * its own frame, REPORT_STREAM_EVENT, and the Bug Reports inbox loads again (docs/decisions/0034-reports.md).
 */
export const AD_EVENT_TYPES = [
  'created',
  'moderated',
  'deleted',
  'images_updated',
  'claimed',
  'released',
  'report',
] as const;
export const REPORT_STREAM_EVENT = 'report';
export type AdEventType = (typeof AD_EVENT_TYPES)[number];

/**
 * The stream's frames besides `ad` (docs/decisions/0026-live-streams-and-sessions.md): its session
 * ended (the stream then closes); a newer stream of the same session took its place (closes too);
 * more was missed than is replayed, so what the screen shows is to be loaded again.
 */
export const STREAM_EVENTS = { signedOut: 'signed-out', superseded: 'superseded', reload: 'reload' } as const;

export const liveText = {
  beingReviewedBy: (name: string) => `Being reviewed by ${name}`,
  /** A claim over CLAIMS_PER_ADMIN (409). */
  claimLimit: (max: number) => `You are already reviewing ${max} advertisements. Close one of them to review another.`,
  decidedBy: (status: 'approved' | 'rejected', name: string) =>
    `${status === 'approved' ? 'Approved' : 'Rejected'} by ${name} just now`,
  deletedBy: (name: string) => `Deleted by ${name} just now`,
  takeOver: 'Take over',
  takeOverConfirm: (name: string) =>
    `${name} is reviewing this advertisement. Take it over? They will not be able to approve or reject it.`,
  shortcuts: 'Keyboard shortcuts',
  pendingOldestFirst: 'Pending, oldest first',
  manageReasons: 'Manage reasons',
  reasonTemplate: 'Reason template',
  reconnecting: 'Reconnecting to live updates…',
} as const;
