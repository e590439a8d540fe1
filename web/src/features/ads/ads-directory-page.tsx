import { lazy, Suspense, useEffect, useId, useState } from 'react';
import { ADS_PAGE_SIZE, adMessages, liveText, type AdListParams, type Advertisement } from '@backoffice/contract';
import { useSelector } from 'react-redux';
import { notAllowedReason, useCan } from '../../lib/permissions';
import { selectCurrentUser } from '../../lib/session-events';
import { useNow } from '../../lib/use-now';
import {
  Button,
  FloatingBanner,
  MessageOverlay,
  PageHeader,
  Pager,
  Panel,
  pageCount,
  usePanel,
  useTimedMessage,
} from '../../components/ui';
import { useAdsList, useAdsPrefetch, useDismissReports, useFetchedAheadAds } from './ads-api';
import { AdsCountCards } from './ads-count-cards';
import { AdsHeaderActions } from './ads-header-actions';
import { AdsExportMenu } from './ads-export';
import { AdsBulkBar, AdsFilterPanel, AdsToolbar, panelFilterCount } from './ads-filters';
import { AdsTable } from './ads-table';
import { AdsViews, currentView } from './ads-views';
import { claimedByOther } from './ad-claim';
import { formatAdId } from './ad-format';
import { adTarget } from './moderation-text';
import { nextPendingAd } from './panel/next-ad';
import { useReviewKeys } from './use-review-keys';
import { ModerationModals } from './moderation-modals';
import { useAdDeepLink } from './use-ad-deep-link';
import { useAdModeration } from './use-ad-moderation';
import { useAdsSelection } from './use-ads-selection';
import { useAdsTableState } from './use-ads-table-state';
import { SelectAllMatchingLine, SelectAllMatchingModals } from './select-all-matching';
import { useSelectAllMatching } from './use-select-all-matching';

// Loaded when first opened: the directory shows sooner (e2e/bundle-budget.test.ts).
const AdSidePanel = lazy(() => import('./ad-side-panel').then((m) => ({ default: m.AdSidePanel })));
const ShortcutsDialog = lazy(() => import('./shortcuts-dialog').then((m) => ({ default: m.ShortcutsDialog })));

/** docs/product.md#business-constants: result banners 5 s, selection warnings 3 s. */
const RESULT_MESSAGE_MS = 5000;
const SELECTION_MESSAGE_MS = 3000;
const noFacets = { categories: [], districts: [] };
/** A page fetched ahead less than this many seconds ago is not fetched ahead again. */
const PREFETCH_FRESH_S = 10;

/** Ads moderation (docs/product.md#ads-moderation); the server pages, sorts, filters and searches (docs/decisions/0014-ad-moderation-rules.md). */
export function AdsDirectoryPage() {
  const table = useAdsTableState();
  const { list, ads, loading, total, counted } = useAdsList(table.params);

  // Ads another admin is reviewing cannot be ticked (the server would refuse each with 409).
  const selfId = useSelector(selectCurrentUser)?._id;
  const now = useNow();
  const selection = useAdsSelection(ads, (ad) => claimedByOther(ad, selfId, now) !== null);
  const result = useTimedMessage(RESULT_MESSAGE_MS);
  const dismissReports = useDismissReports(result.show);
  const selectionMessage = useTimedMessage(SELECTION_MESSAGE_MS);
  const can = { moderate: useCan('ads.moderate'), remove: useCan('ads.delete'), dismiss: useCan('reports.handle') };
  const [filtersOpen, setFiltersOpen] = useState(false);
  const filtersId = useId();

  // The panel keeps showing its ad while it slides out, then forgets it (docs/product.md#business-constants: 300 ms).
  const { panel, show, close: closePanel, update: updatePanel } = usePanel<{ ad: Advertisement }>();
  const openPanel = (ad: Advertisement) => show({ ad });
  useAdDeepLink(ads, openPanel);

  const moderation = useAdModeration({
    showResult: (m) => result.show(m.tone, m.text),
    showSelectionMessage: (m) => selectionMessage.show(m.tone, m.text),
    unselect: selection.remove,
    onDeleted: (id) => {
      if (panel?.ad._id === id) closePanel();
    },
    describe: (id) => {
      const ad = ads.find((a) => a._id === id);
      return ad ? adTarget(ad) : formatAdId(id);
    },
    // After a decision from a row (menu or key) the keyboard goes on from the next row.
    afterDecided: (decision) => focusRowAfter(decision.id),
  });

  const lastPage = pageCount(total, ADS_PAGE_SIZE);
  const shown = { total, cursors: list.currentData?.cursors };
  const goToPage = (page: number) => table.setPage(page, shown);
  // A page past the end (its ads were deleted or moderated away, or an old link): show the new last
  // page. The last page is asked for as its last rows: when the total moves, so does their number.
  const lastRows = total - (lastPage - 1) * ADS_PAGE_SIZE;
  const pastEnd =
    list.currentData && ads.length === 0 && total > 0 && table.page > 1 && table.params.last === undefined;
  const lastMoved = list.currentData && total > 0 && table.params.last !== undefined && table.params.last !== lastRows;
  useEffect(() => {
    if (pastEnd || lastMoved) table.setPage(lastPage, shown, { replace: true });
  });

  // Fetching ahead (bench/RESULTS.md, browser figures): the next page as soon as this one shows, and
  // a sort as the pointer or focus reaches its header. A click then shows cached rows at once while
  // the list is asked for again (refetchOnMountOrArgChange), so moderation still sees fresh rows.
  const prefetch = useAdsPrefetch('listAds', { ifOlderThan: PREFETCH_FRESH_S });
  const nextPage = list.currentData && table.page < lastPage ? table.paramsForPage(table.page + 1, shown) : null;
  const nextPageKey = nextPage && JSON.stringify(nextPage);
  useEffect(() => {
    if (nextPageKey) prefetch(JSON.parse(nextPageKey) as AdListParams);
  }, [nextPageKey, prefetch]);

  // After the page's last pending ad the panel goes on to the next page's first (fetched ahead above),
  // and the list turns to that page with it.
  const nextPageAds = useFetchedAheadAds(nextPage);
  const panelNextAd = panel
    ? (nextPendingAd(ads, panel.ad._id, selfId, now) ?? (nextPage ? nextPendingAd(nextPageAds, '', selfId, now) : null))
    : null;
  const openInPanel = (ad: Advertisement) => {
    if (!ads.some((a) => a._id === ad._id) && nextPageAds.some((a) => a._id === ad._id)) goToPage(table.page + 1);
    updatePanel({ ad });
  };

  const bulkSelection = { pending: selection.pendingIds, nonPending: selection.nonPendingIds };
  const matching = useSelectAllMatching({
    params: table.params,
    // A queue (Overdue, My claims, a rule's) or a signal filter is narrower than the filters the
    // server matches: no offer there.
    allPendingSelected:
      selection.allSelected &&
      table.view === undefined &&
      !table.filters.signal &&
      table.filters.minRisk === null &&
      !table.filters.queue,
    pagePendingCount: selection.pagePendingCount,
    showResult: (m) => result.show(m.tone, m.text),
    clearSelection: () => selection.remove([...selection.selected.keys()]),
  });

  // The open panel's ad as the list now has it (a decision or a live event may have changed it);
  // the panel holds the claim itself (ad-side-panel.tsx).
  const panelAd = panel ? ads.find((ad) => ad._id === panel.ad._id) : undefined;

  // Keyboard review (use-review-keys.ts); every action also has its button or row menu.
  const [focusedId, setFocusedId] = useState<string | null>(null);
  const [helpOpen, setHelpOpen] = useState(false);
  // The server would refuse a decision on an ad another admin is reviewing: say so instead of asking.
  function heldWarning(ad: Advertisement): boolean {
    const holder = claimedByOther(ad, selfId, Date.now());
    if (holder) selectionMessage.show('warning', liveText.beingReviewedBy(holder.name));
    return holder !== null;
  }
  /** The keys act on this row from now on, and the browser's focus goes to it (the table's `data-ad-id`). */
  function focusRow(ad: Advertisement) {
    setFocusedId(ad._id);
    document.querySelector<HTMLElement>(`[data-ad-id="${ad._id}"]`)?.focus();
  }
  function focusRowAfter(id: string) {
    const index = ads.findIndex((ad) => ad._id === id);
    const next = index < 0 ? undefined : (ads[index + 1] ?? ads[index - 1]);
    if (next) focusRow(next);
  }
  useReviewKeys({
    rows: ads,
    focusedIndex: ads.findIndex((ad) => ad._id === focusedId),
    focusRow: (index) => focusRow(ads[index]!),
    open: openPanel,
    toggle: selection.toggle,
    approve: (ad) => {
      if (!can.moderate) selectionMessage.show('warning', notAllowedReason);
      else if (ad.status !== 'pending') selectionMessage.show('warning', adMessages.onlyPendingApproved);
      else if (!heldWarning(ad)) moderation.approve(ad);
    },
    reject: (ad) => {
      if (!can.moderate) selectionMessage.show('warning', notAllowedReason);
      else if (ad.status !== 'pending') selectionMessage.show('warning', adMessages.onlyPendingRejected);
      else if (!heldWarning(ad)) moderation.reject(ad);
    },
    nextPage: () => {
      if (table.page < lastPage) goToPage(table.page + 1);
    },
    previousPage: () => {
      if (table.page > 1) goToPage(table.page - 1);
    },
    focusSearch: () => document.querySelector<HTMLInputElement>('[data-ads-search]')?.focus(),
    showHelp: () => setHelpOpen(true),
  });
  const panelShowsBanner = panel?.open === true;

  return (
    <>
      <PageHeader
        title="Submitted Ads Directory"
        className="mb-3 items-center"
        actions={<AdsHeaderActions onShortcuts={() => setHelpOpen(true)} />}
      />
      <AdsCountCards counts={list.data?.counts} />

      {/* Messages float over the page: showing one never moves the rows under the pointer. */}
      <MessageOverlay>
        {result.message && !panelShowsBanner && <FloatingBanner message={result.message} onDismiss={result.clear} />}
        {selectionMessage.message && (
          <FloatingBanner message={selectionMessage.message} onDismiss={selectionMessage.clear} />
        )}
        {list.isError && !list.isFetching && (
          <FloatingBanner message={{ tone: 'error', text: adMessages.fetchFailed }} />
        )}
      </MessageOverlay>

      <Panel flush className="overflow-hidden">
        <AdsViews current={currentView(table)} />
        <AdsToolbar
          searchText={table.searchText}
          onSearch={table.setSearch}
          status={table.filters.status}
          onStatus={(s) => table.setFilter('status', s)}
          filtersOpen={filtersOpen}
          filtersId={filtersId}
          onToggleFilters={() => setFiltersOpen((o) => !o)}
          activeFilters={panelFilterCount(table.filters)}
          exportMenu={<AdsExportMenu params={table.params} total={counted ? total : undefined} />}
        />
        {filtersOpen && (
          <AdsFilterPanel
            id={filtersId}
            filters={table.filters}
            facets={list.data?.facets ?? noFacets}
            onChange={table.setFilter}
          />
        )}
        <AdsBulkBar
          pendingSelected={matching.active ? matching.total : selection.pendingIds.length}
          onBulkApprove={() => (matching.active ? matching.ask('approve') : moderation.bulkApprove(bulkSelection))}
          onBulkReject={() => (matching.active ? matching.ask('reject') : moderation.bulkReject(bulkSelection))}
        />
        <SelectAllMatchingLine matching={matching} />
        {list.isError && !list.currentData ? (
          <div className="flex flex-col items-center gap-3 border-t border-slate-800 px-4 py-14 text-center">
            <p className="text-slate-300">{adMessages.fetchFailed}</p>
            <Button variant="secondary" size="sm" onClick={() => list.refetch()}>
              Try again
            </Button>
          </div>
        ) : (
          // On a phone the rows are cards (docs/product.md#ads-moderation, "Every width").
          <AdsTable
            ads={ads}
            loading={loading}
            sort={table.sort}
            onSort={table.sortBy}
            onSortIntent={(field) => prefetch(table.paramsSortedBy(field))}
            selection={selection}
            now={now}
            onOpen={openPanel}
            onApprove={can.moderate ? moderation.approve : undefined}
            onReject={can.moderate ? moderation.reject : undefined}
            onDelete={can.remove ? moderation.remove : undefined}
            onDismissReports={table.view === 'reported' && can.dismiss ? dismissReports : undefined}
            onResetFilters={table.resetFilters}
            focusedId={focusedId}
            onRowFocus={(ad) => setFocusedId(ad._id)}
          />
        )}
        {total > 0 && (
          <div className="border-t border-slate-800">
            <Pager page={table.page} pageSize={ADS_PAGE_SIZE} total={total} onPageChange={goToPage} />
          </div>
        )}
      </Panel>

      <ModerationModals
        dialog={moderation.dialog}
        busy={moderation.busy}
        onCancel={moderation.cancel}
        onConfirm={moderation.confirm}
      />
      <SelectAllMatchingModals matching={matching} />
      <Suspense fallback={null}>
        {helpOpen && <ShortcutsDialog onClose={() => setHelpOpen(false)} />}
        {panel && (
          <AdSidePanel
            key={panel.key}
            ad={panel.ad}
            open={panel.open}
            onClose={closePanel}
            onSaved={(ad) => updatePanel({ ad })}
            message={panelShowsBanner ? result.message : null}
            onMessage={(m) => result.show(m.tone, m.text)}
            liveAd={panelAd}
            nextAd={panelNextAd}
            onOpenAd={openInPanel}
          />
        )}
      </Suspense>
    </>
  );
}
