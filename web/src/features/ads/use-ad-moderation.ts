import { useState } from 'react';
import { adMessages, MAX_BULK_IDS, type AdBulkStatusResponse, type Advertisement } from '@backoffice/contract';
import type { BannerMessage } from '../../components/ui';
import { serverMessage } from '../../lib/api';
import { useBulkSetAdStatusMutation, useDeleteAdMutation, useSetAdStatusMutation } from './ads-api';
import { bulkResultMessage, checkBulkSelection, type ModerationKind } from './moderation-text';

/** The dialog on screen: approve or reject one ad (row menu) or the selection (bulk), or delete. */
export type ModerationDialog =
  { kind: ModerationKind; ids: string[]; bulk: boolean } | { kind: 'delete'; ad: Advertisement } | null;

export interface ModerationCallbacks {
  /** Result banner (5 s). */
  showResult: (message: BannerMessage) => void;
  /** Selection warnings (3 s). */
  showSelectionMessage: (message: BannerMessage) => void;
  /** Drops ids from the selection once they are moderated or deleted. */
  unselect: (ids: readonly string[]) => void;
  onDeleted: (id: string) => void;
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

  function startBulk(kind: ModerationKind, selection: { pending: string[]; nonPending: string[] }) {
    const check = checkBulkSelection(kind, selection);
    if (!check.ok) {
      callbacks.showSelectionMessage(check.message);
      return;
    }
    if (check.warning) callbacks.showSelectionMessage(check.warning);
    setDialog({ kind, ids: check.ids, bulk: true });
  }

  async function moderate(kind: ModerationKind, ids: string[], bulk: boolean, reason?: string) {
    const failedText = kind === 'approve' ? adMessages.approveFailed : adMessages.rejectFailed;
    const body =
      kind === 'approve' ? { status: 'approved' as const } : { status: 'rejected' as const, rejectionReason: reason! };
    if (!bulk) {
      const result = await setStatus({ id: ids[0]!, body });
      if ('error' in result) callbacks.showResult({ tone: 'error', text: serverMessage(result.error, failedText) });
      else
        callbacks.showResult({
          tone: 'success',
          text: kind === 'approve' ? adMessages.approvedOne : adMessages.rejectedOne,
        });
      callbacks.unselect(ids);
      return;
    }
    // docs/decisions/0014-ad-moderation-rules.md: one call per 100 ids instead of the spec's one call per ad.
    const results: AdBulkStatusResponse['results'] = [];
    for (const batch of chunks(ids, MAX_BULK_IDS)) {
      const result = await bulkSetStatus({ ...body, ids: batch });
      if ('error' in result) {
        if (results.length === 0) {
          callbacks.showResult({ tone: 'error', text: serverMessage(result.error, failedText) });
          return;
        }
        batch.forEach((id) => results.push({ id, ok: false }));
      } else results.push(...result.data.results);
    }
    callbacks.showResult(bulkResultMessage(kind, results));
    callbacks.unselect(ids);
  }

  async function confirm(reason?: string) {
    if (!dialog) return;
    if (dialog.kind === 'delete') {
      const result = await deleteAd(dialog.ad._id);
      if ('error' in result)
        callbacks.showResult({ tone: 'error', text: serverMessage(result.error, adMessages.deleteFailed) });
      else {
        callbacks.showResult({ tone: 'success', text: adMessages.deleted });
        callbacks.unselect([dialog.ad._id]);
        callbacks.onDeleted(dialog.ad._id);
      }
    } else {
      await moderate(dialog.kind, dialog.ids, dialog.bulk, reason);
    }
    setDialog(null);
  }

  return {
    dialog,
    busy: statusState.isLoading || bulkState.isLoading || deleteState.isLoading,
    approve: (ad: Advertisement) => setDialog({ kind: 'approve', ids: [ad._id], bulk: false }),
    reject: (ad: Advertisement) => setDialog({ kind: 'reject', ids: [ad._id], bulk: false }),
    remove: (ad: Advertisement) => setDialog({ kind: 'delete', ad }),
    bulkApprove: (selection: { pending: string[]; nonPending: string[] }) => startBulk('approve', selection),
    bulkReject: (selection: { pending: string[]; nonPending: string[] }) => startBulk('reject', selection),
    confirm,
    cancel: () => setDialog(null),
  };
}
