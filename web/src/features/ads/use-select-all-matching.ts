import { useRef, useState } from 'react';
import { useDispatch } from 'react-redux';
import {
  adMessages,
  MAX_MATCH_BATCH,
  type AdBulkMatchBody,
  type AdBulkMatchResponse,
  type AdListParams,
  type AdMatch,
} from '@backoffice/contract';
import type { BannerMessage } from '../../components/ui';
import { serverMessage } from '../../lib/api';
import { adsApi, useCountAdsQuery } from './ads-api';
import type { ModerationKind } from './moderation-text';

/** Batches of "select all matching": the list is refreshed once at the end, not after every batch. */
const matchApi = adsApi.injectEndpoints({
  endpoints: (build) => ({
    bulkSetMatchingStatus: build.mutation<AdBulkMatchResponse, AdBulkMatchBody>({
      query: (body) => ({ url: '/advertisements/bulk-status', method: 'POST', body }),
    }),
  }),
});
const { useBulkSetMatchingStatusMutation } = matchApi;

/** The pending ads the current view's filters match (the status filter aside: only pending ads are selectable). */
export function matchOf(params: Pick<AdListParams, 'category' | 'district' | 'q'>): AdMatch {
  return {
    status: 'pending',
    ...(params.category ? { category: params.category } : {}),
    ...(params.district ? { district: params.district } : {}),
    ...(params.q ? { q: params.q } : {}),
  };
}

/** The bulk messages of docs/product.md#ads-moderation; everything selected but not decided counts as failed. */
export function matchResultMessage(kind: ModerationKind, selected: number, decided: number): BannerMessage {
  const failed = Math.max(0, selected - decided);
  if (decided === 0)
    return {
      tone: 'error',
      text: kind === 'approve' ? adMessages.approveAllFailed(failed) : adMessages.rejectAllFailed(failed),
    };
  return {
    tone: failed === 0 ? 'success' : 'warning',
    text: kind === 'approve' ? adMessages.approvedMany(decided, failed) : adMessages.rejectedMany(decided, failed),
  };
}

export interface MatchProgress {
  kind: ModerationKind;
  done: number;
  total: number;
}

interface Chosen {
  key: string;
  match: AdMatch;
  /** The selection's moment: ads submitted later are not part of it. */
  before: string;
  total: number;
}

/**
 * "Select all matching" on the ads directory: offered when every pending ad of the page is
 * selected (the page's select-all is unchanged) and more pending ads match the filters than the page
 * shows. Approving or rejecting them runs on the server in batches until none remain.
 */
export function useSelectAllMatching({
  params,
  allPendingSelected,
  pagePendingCount,
  showResult,
  clearSelection,
}: {
  params: AdListParams;
  allPendingSelected: boolean;
  pagePendingCount: number;
  showResult: (message: BannerMessage) => void;
  clearSelection: () => void;
}) {
  const dispatch = useDispatch();
  const match = matchOf(params);
  const key = JSON.stringify(match);
  // Only pending ads can be selected, so an approved or rejected view never offers it.
  const eligible = allPendingSelected && (params.status === 'all' || params.status === 'pending');
  const counted = useCountAdsQuery(match, { skip: !eligible });
  const matching = eligible ? counted.currentData?.total : undefined;

  const [chosen, setChosen] = useState<Chosen | null>(null);
  const [progress, setProgress] = useState<MatchProgress | null>(null);
  const [dialog, setDialog] = useState<ModerationKind | null>(null);
  const running = useRef(false);
  const [bulkSetMatchingStatus] = useBulkSetMatchingStatusMutation();

  // A change of filters, or unticking an ad of the page, ends "all matching".
  const active = chosen !== null && chosen.key === key && allPendingSelected;
  const offered = !active && matching !== undefined && matching > pagePendingCount;

  function choose() {
    if (matching === undefined) return;
    setChosen({ key, match, before: new Date().toISOString(), total: matching });
  }

  function clear() {
    setChosen(null);
    clearSelection();
  }

  async function run(kind: ModerationKind, reason?: string) {
    setDialog(null);
    if (!chosen || running.current) return;
    running.current = true;
    const { total } = chosen;
    let decided = 0;
    let failedCall: unknown = null;
    setProgress({ kind, done: 0, total });
    try {
      while (decided < total) {
        const max = Math.min(MAX_MATCH_BATCH, total - decided);
        const body: AdBulkMatchBody =
          kind === 'approve'
            ? { status: 'approved', match: chosen.match, max, before: chosen.before }
            : { status: 'rejected', match: chosen.match, max, before: chosen.before, rejectionReason: reason! };
        const result = await bulkSetMatchingStatus(body);
        if ('error' in result) {
          failedCall = result.error;
          break;
        }
        decided += result.data.ok;
        setProgress({ kind, done: Math.min(decided, total), total });
        // A batch that decides nothing would decide nothing again.
        if (result.data.remaining === 0 || result.data.ok === 0) break;
      }
    } finally {
      running.current = false;
      setProgress(null);
      setChosen(null);
      clearSelection();
      dispatch(adsApi.util.invalidateTags(['Ads']));
    }
    if (failedCall !== null && decided === 0) {
      const fallback = kind === 'approve' ? adMessages.approveFailed : adMessages.rejectFailed;
      showResult({ tone: 'error', text: serverMessage(failedCall, fallback) });
    } else showResult(matchResultMessage(kind, total, decided));
  }

  return {
    /** "Select all n pending ads matching this filter" can be offered (n = `matching`). */
    offered,
    /** Every matching pending ad is selected; bulk actions go to the server by filter. */
    active,
    matching,
    total: chosen?.total ?? 0,
    progress,
    dialog,
    choose,
    clear,
    /** Opens the confirmation; nothing is asked while a run is under way. */
    ask: (kind: ModerationKind) => {
      if (!running.current) setDialog(kind);
    },
    cancel: () => setDialog(null),
    run,
  };
}
