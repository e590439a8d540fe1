import { adMessages, type AdBulkStatusResponse } from '@backoffice/contract';
import type { BannerMessage } from '../../components/ui';
import { formatAdId } from './ad-format';

export type ModerationKind = 'approve' | 'reject';

/**
 * Wording of the permanent-action confirmations (docs/product.md#states-and-transitions: singular and plural, no way back to
 * pending, only deletion afterwards). The spec fixes the meaning, not the sentence.
 */
export function confirmTitle(kind: ModerationKind, count: number): string {
  const verb = kind === 'approve' ? 'Approve' : 'Reject';
  return count === 1 ? `${verb} Advertisement` : `${verb} ${count} Advertisements`;
}

export function permanentActionText(kind: ModerationKind, count: number): string {
  const verb = kind === 'approve' ? 'approve' : 'reject';
  const done = kind === 'approve' ? 'approved' : 'rejected';
  return count === 1
    ? `Are you sure you want to ${verb} this advertisement? This is a permanent action: once ${done}, ` +
        'the advertisement can no longer change back to pending and can only be deleted.'
    : `Are you sure you want to ${verb} these ${count} advertisements? This is a permanent action: once ${done}, ` +
        'the advertisements can no longer change back to pending and can only be deleted.';
}

export const deleteConfirmText = 'Are you sure you want to delete this advertisement? This action cannot be undone.';

/** What a bulk button does with the selection before any confirmation (docs/product.md#states-and-transitions, docs/product.md#validation-rules). */
export type BulkCheck =
  { ok: false; message: BannerMessage } | { ok: true; ids: string[]; warning: BannerMessage | null };

export function checkBulkSelection(
  kind: ModerationKind,
  selection: { pending: readonly string[]; nonPending: readonly string[] },
): BulkCheck {
  const approve = kind === 'approve';
  if (selection.pending.length + selection.nonPending.length === 0)
    return {
      ok: false,
      message: { tone: 'warning', text: approve ? adMessages.selectToApprove : adMessages.selectToReject },
    };
  if (selection.pending.length === 0)
    return {
      ok: false,
      message: { tone: 'warning', text: approve ? adMessages.noPendingToApprove : adMessages.noPendingToReject },
    };
  const warning: BannerMessage | null =
    selection.nonPending.length === 0
      ? null
      : {
          tone: 'warning',
          text:
            `${approve ? adMessages.cannotApproveNonPending : adMessages.cannotRejectNonPending}: ` +
            `${selection.nonPending.map(formatAdId).join(', ')}\n` +
            (approve ? adMessages.onlyPendingApproved : adMessages.onlyPendingRejected),
        };
  return { ok: true, ids: [...selection.pending], warning };
}

/** Bulk result in docs/product.md#error-catalogue: "{n} … successfully. {m} failed. …", or "Failed to … {m} …" when none worked. */
export function bulkResultMessage(kind: ModerationKind, results: AdBulkStatusResponse['results']): BannerMessage {
  const n = results.filter((r) => r.ok).length;
  const m = results.length - n;
  if (n === 0)
    return { tone: 'error', text: kind === 'approve' ? adMessages.approveAllFailed(m) : adMessages.rejectAllFailed(m) };
  return {
    tone: m === 0 ? 'success' : 'warning',
    text: kind === 'approve' ? adMessages.approvedMany(n, m) : adMessages.rejectedMany(n, m),
  };
}

/** How many ads a bulk confirmation names before "and N more". */
export const TARGETS_NAMED = 5;

/** One ad as a confirmation names it: its heading and `#ID`. */
export function adTarget(ad: { _id: string; heading: string }): string {
  return `${ad.heading} (${formatAdId(ad._id)})`;
}

/** The first TARGETS_NAMED names, and how many more the action covers. */
export function namedTargets(names: readonly string[], total = names.length): { named: string[]; more: number } {
  const named = names.slice(0, TARGETS_NAMED);
  return { named, more: Math.max(0, total - named.length) };
}
