import { useEffect, useRef, useState } from 'react';
import { adMessages, MAX_BULK_IDS, type AdBulkStatusResponse, type Advertisement } from '@backoffice/contract';
import type { BannerMessage } from '../../components/ui';
import { serverMessage } from '../../lib/api';
import { formatAdId } from './ad-format';
import { useBulkSetAdStatusMutation, useDeleteAdMutation, useSetAdStatusMutation } from './ads-api';
import { adTarget, bulkResultMessage, checkBulkSelection, type ModerationKind } from './moderation-text';

/**
 * The dialog on screen: approve or reject one ad (row menu, panel) or the selection (bulk), or
 * delete. `names` are what the confirmation names (adTarget), as far as they are known.
 */
export type ModerationDialog =
  | { kind: ModerationKind; ids: string[]; bulk: boolean; names: string[] }
  | { kind: 'delete'; ad: Advertisement; names: string[] }
  | null;

/** A single decision that went through: the ad as the server now has it (null when deleted). */
export interface Decision {
  kind: ModerationKind | 'delete';
  id: string;
  ad: Advertisement | null;
}

export interface ModerationCallbacks {
  /** Result banner (5 s). */
  showResult: (message: BannerMessage) => void;
  /** Selection warnings (3 s). */
  showSelectionMessage: (message: BannerMessage) => void;
  /** Drops ids from the selection once they are moderated or deleted. */
  unselect: (ids: readonly string[]) => void;
  onDeleted: (id: string) => void;
  /** A single approval, rejection or deletion succeeded: called at once, before its dialog closes. */
  onDecided?: (decision: Decision) => void;
  /**
   * The same, once its dialog has closed and given the focus back to its opener: the caller may
   * move the focus on (to the next row, or the next ad in the panel).
   */
  afterDecided?: (decision: Decision) => void;
  /** How a bulk confirmation names an id (the page knows its rows' headings); `#ID` by default. */
  describe?: (id: string) => string;
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** Approve, reject and delete with their confirmations and messages in docs/product.md#error-catalogue. */
export function useAdModeration(callbacks: ModerationCallbacks) {
  const [dialog, setDialog] = useState<ModerationDialog>(null);
  const [setStatus, statusState] = useSetAdStatusMutation();
  const [bulkSetStatus, bulkState] = useBulkSetAdStatusMutation();
  const [deleteAd, deleteState] = useDeleteAdMutation();
  // The decision to report once the dialog is gone (see onDecided).
  const [decided, setDecided] = useState<Decision | null>(null);
  const latest = useRef(callbacks);
  useEffect(() => {
    latest.current = callbacks;
  });
  useEffect(() => {
    if (decided) latest.current.afterDecided?.(decided);
  }, [decided]);

  function startBulk(kind: ModerationKind, selection: { pending: string[]; nonPending: string[] }) {
    const check = checkBulkSelection(kind, selection);
    if (!check.ok) {
      callbacks.showSelectionMessage(check.message);
      return;
    }
    if (check.warning) callbacks.showSelectionMessage(check.warning);
    const describe = callbacks.describe ?? formatAdId;
    setDialog({ kind, ids: check.ids, bulk: true, names: check.ids.slice(0, 5).map(describe) });
  }

  /** The decided ad for a single decision that went through, else null. */
  async function moderate(
    kind: ModerationKind,
    ids: string[],
    bulk: boolean,
    reason?: string,
  ): Promise<Advertisement | null> {
    const failedText = kind === 'approve' ? adMessages.approveFailed : adMessages.rejectFailed;
    const body =
      kind === 'approve' ? { status: 'approved' as const } : { status: 'rejected' as const, rejectionReason: reason! };
    if (!bulk) {
      const result = await setStatus({ id: ids[0]!, body });
      callbacks.unselect(ids);
      if ('error' in result) {
        callbacks.showResult({ tone: 'error', text: serverMessage(result.error, failedText) });
        return null;
      }
      callbacks.showResult({
        tone: 'success',
        text: kind === 'approve' ? adMessages.approvedOne : adMessages.rejectedOne,
      });
      return result.data.advertisement;
    }
    // docs/decisions/0014-ad-moderation-rules.md: one call per 100 ids instead of the spec's one call per ad.
    const results: AdBulkStatusResponse['results'] = [];
    for (const batch of chunks(ids, MAX_BULK_IDS)) {
      const result = await bulkSetStatus({ ...body, ids: batch });
      if ('error' in result) {
        if (results.length === 0) {
          callbacks.showResult({ tone: 'error', text: serverMessage(result.error, failedText) });
          return null;
        }
        batch.forEach((id) => results.push({ id, ok: false }));
      } else results.push(...result.data.results);
    }
    callbacks.showResult(bulkResultMessage(kind, results));
    callbacks.unselect(ids);
    return null;
  }

  async function confirm(reason?: string) {
    if (!dialog) return;
    let decision: Decision | null = null;
    if (dialog.kind === 'delete') {
      const result = await deleteAd(dialog.ad._id);
      if ('error' in result)
        callbacks.showResult({ tone: 'error', text: serverMessage(result.error, adMessages.deleteFailed) });
      else {
        callbacks.showResult({ tone: 'success', text: adMessages.deleted });
        callbacks.unselect([dialog.ad._id]);
        callbacks.onDeleted(dialog.ad._id);
        decision = { kind: 'delete', id: dialog.ad._id, ad: null };
      }
    } else {
      const ad = await moderate(dialog.kind, dialog.ids, dialog.bulk, reason);
      if (ad) decision = { kind: dialog.kind, id: ad._id, ad };
    }
    if (decision) {
      callbacks.onDecided?.(decision);
      setDecided(decision);
    }
    setDialog(null);
  }

  const single = (kind: ModerationKind) => (ad: Advertisement) =>
    setDialog({ kind, ids: [ad._id], bulk: false, names: [adTarget(ad)] });

  return {
    dialog,
    busy: statusState.isLoading || bulkState.isLoading || deleteState.isLoading,
    approve: single('approve'),
    reject: single('reject'),
    remove: (ad: Advertisement) => setDialog({ kind: 'delete', ad, names: [adTarget(ad)] }),
    bulkApprove: (selection: { pending: string[]; nonPending: string[] }) => startBulk('approve', selection),
    bulkReject: (selection: { pending: string[]; nonPending: string[] }) => startBulk('reject', selection),
    confirm,
    cancel: () => setDialog(null),
  };
}
