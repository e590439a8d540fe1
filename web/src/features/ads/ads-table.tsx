import { adMessages, liveText, type Advertisement, type AdSortField } from '@backoffice/contract';
import { Check, Eye, SearchX, Trash2, X } from 'lucide-react';
import { useSelector } from 'react-redux';
import {
  ActionsCell,
  Badge,
  Button,
  DataTable,
  StatusBadge,
  type Column,
  type ListCard,
  type RowMenuItem,
} from '../../components/ui';
import { useLiveNotes } from '../../lib/live-status';
import { selectCurrentUser } from '../../lib/session-events';
import { useNow } from '../../lib/use-now';
import { adTypeLabel, formatAdDate, formatContact } from './ad-format';
import { AdThumbnail, AgeLabel, RowNotes, adRow, type AdRow } from './ad-row';
import { adCard } from './ads-card-list';
import { RiskBadge } from './signals/signal-chips';
import { RowSignals } from './signals/row-signals';
import type { AdsSort } from './use-ads-table-state';

const skipsHeld = (n: number) => `Skips ${n === 1 ? 'the ad' : `${n} ads`} another admin is reviewing`;

export interface AdsTableProps {
  ads: Advertisement[];
  /** No rows for the current view yet: skeletons. */
  loading: boolean;
  sort: AdsSort;
  onSort: (field: AdSortField) => void;
  /** A sort header is about to be clicked (pointer or focus on it). */
  onSortIntent?: (field: AdSortField) => void;
  /** The page's selection (use-ads-selection.ts); the table ticks pending ads no other admin is reviewing. */
  selection: {
    isSelected: (id: string) => boolean;
    toggle: (ad: Advertisement) => void;
    toggleAll: () => void;
  };
  onOpen: (ad: Advertisement) => void;
  /** Left out for a role that may not (docs/decisions/0033-roles.md): no such item in the row's menu. */
  onApprove?: (ad: Advertisement) => void;
  onReject?: (ad: Advertisement) => void;
  onDelete?: (ad: Advertisement) => void;
  /** The Reported view only: dismiss the ad's open reports. */
  onDismissReports?: (ad: Advertisement) => void;
  onResetFilters: () => void;
  /** The row keyboard review is on (ringed even when the browser's focus is elsewhere). */
  focusedId?: string | null;
  onRowFocus?: (ad: Advertisement) => void;
  /** The time claims are judged against (the page's, so the checkboxes and the selection agree). */
  now?: number;
}

/**
 * A row's (or card's) menu: View; Approve and Reject for a pending ad; Delete. While another admin
 * reviews the ad, Approve and Reject show disabled with "Being reviewed by NAME", before any
 * confirmation.
 */
function rowActions({ ad, reviewer }: AdRow, props: AdsTableProps): RowMenuItem[] {
  const icon = 'size-4';
  const items: RowMenuItem[] = [
    { label: 'View', icon: <Eye className={icon} aria-hidden="true" />, onSelect: () => props.onOpen(ad) },
  ];
  const { onApprove, onReject, onDelete } = props;
  if (ad.status === 'pending' && onApprove && onReject) {
    const held = reviewer ? { disabled: true, hint: liveText.beingReviewedBy(reviewer.name) } : {};
    items.push(
      {
        label: 'Approve',
        icon: <Check className={icon} aria-hidden="true" />,
        onSelect: () => onApprove(ad),
        ...held,
      },
      { label: 'Reject', icon: <X className={icon} aria-hidden="true" />, onSelect: () => onReject(ad), ...held },
    );
  }
  const dismiss = props.onDismissReports;
  if (dismiss) items.push({ label: 'Dismiss reports', icon: <X className={icon} />, onSelect: () => dismiss(ad) });
  if (onDelete)
    items.push({
      label: 'Delete',
      tone: 'danger',
      icon: <Trash2 className={icon} aria-hidden="true" />,
      onSelect: () => onDelete(ad),
    });
  return items;
}

/** The heading cell: thumbnail, heading, signals, who reviews the ad and the live note. */
function HeadingCell({ row }: { row: AdRow }) {
  const { ad } = row;
  return (
    <div className="flex items-center gap-3">
      <AdThumbnail ad={ad} className="size-10 rounded-md" />
      <div className="flex min-w-0 flex-col items-start gap-1">
        <span className="max-w-full truncate font-medium text-slate-100" title={ad.heading}>
          {ad.heading}
        </span>
        <RowSignals ad={ad} riskColumn narrowMax={1} />
        <RowNotes row={row} />
      </div>
    </div>
  );
}

/**
 * The ads table of docs/product.md#ads-moderation, on the kit's DataTable; on a phone a card per ad
 * (ads-card-list.tsx). A row click (or Enter on a focused row) opens the side panel. Columns the side
 * panel also shows give way first on narrower screens, so the actions stay in view.
 */
export function AdsTable(props: AdsTableProps) {
  const { ads, loading, sort, onSort, onSortIntent, selection, onOpen, onRowFocus } = props;
  const selfId = useSelector(selectCurrentUser)?._id;
  const notes = useLiveNotes();
  // Ages and claim expiries move on while the page stays open.
  const ownNow = useNow();
  const now = props.now ?? ownNow;
  const rows = ads.map((ad) => adRow(ad, selfId, now, notes.get(ad._id)));
  const heldRows = rows.filter((row) => row.reviewer).length;
  const toggle = (key: string) => {
    const ad = ads.find((a) => a._id === key);
    if (ad) selection.toggle(ad);
  };
  const menu = (row: AdRow): NonNullable<ListCard['menu']> => ({
    label: `Actions for advertisement ${row.id}`,
    items: rowActions(row, props),
  });

  const columns: Column<AdRow>[] = [
    // The row's name and the side panel carry the id: below 1280 px the heading gets its room.
    {
      header: 'Ad ID',
      sortKey: 'id',
      hideBelow: 'xl',
      className: 'font-mono text-xs text-slate-400',
      cell: (r) => r.id,
    },
    // max-w-0 + w-full: the heading takes the width left over and truncates.
    {
      header: 'Heading',
      sortKey: 'heading',
      className: 'w-full max-w-0 min-w-32',
      cell: (r) => <HeadingCell row={r} />,
    },
    {
      header: 'User',
      sortKey: 'username',
      cell: ({ ad }) => (
        <span className="block max-w-28 truncate" title={ad.username}>
          {ad.username}
        </span>
      ),
    },
    {
      header: 'Contact',
      hideBelow: 'wide',
      className: 'whitespace-nowrap tabular-nums',
      cell: ({ ad }) => formatContact(ad.phone1),
    },
    {
      header: 'Date',
      sortKey: 'postingDate',
      className: 'whitespace-nowrap tabular-nums',
      cell: ({ ad, pending }) => (
        <>
          {formatAdDate(ad.postingDate)}
          {pending && (
            <>
              {' '}
              <AgeLabel postingDate={ad.postingDate} now={now} className="flex" />
            </>
          )}
        </>
      ),
    },
    {
      header: 'Type',
      sortKey: 'adType',
      hideBelow: 'xl',
      cell: ({ ad }) => <Badge tone={ad.adType === 'regular' ? 'violet' : 'sky'}>{adTypeLabel(ad.adType)}</Badge>,
    },
    { header: 'Status', sortKey: 'status', cell: ({ ad }) => <StatusBadge status={ad.status} /> },
    {
      header: 'Risk',
      sortKey: 'risk',
      hideBelow: 'xl',
      headerClassName: 'w-24',
      cell: ({ ad }) => <RiskBadge risk={ad.risk} />,
    },
    { header: 'Actions', headerClassName: 'w-16 text-right', ownCell: true, cell: (r) => <ActionsCell {...menu(r)} /> },
  ];

  return (
    <DataTable
      label="Advertisements"
      columns={columns}
      rows={rows}
      rowKey={(r) => r.ad._id}
      rowLabel={(r) => `${r.id} ${r.ad.heading}`}
      keyAttribute="data-ad-id"
      loading={loading}
      skeletonRows={10}
      empty={{
        message: adMessages.emptyState,
        icon: <SearchX className="size-6" />,
        action: (
          <Button variant="secondary" size="sm" onClick={props.onResetFilters}>
            Reset Filters
          </Button>
        ),
      }}
      sort={{
        key: sort.field,
        order: sort.order,
        onSort: (key) => onSort(key as AdSortField),
        onIntent: onSortIntent && ((key) => onSortIntent(key as AdSortField)),
      }}
      selection={{
        selected: { has: selection.isSelected },
        onToggle: (key) => toggle(key),
        onToggleAll: selection.toggleAll,
        allLabel: 'Select all pending advertisements on this page',
        rowLabel: (r) => `Select advertisement ${r.id}`,
        selectable: (r) => r.pending,
        disabledReason: (r) => r.reviewer && liveText.beingReviewedBy(r.reviewer.name),
        allTitle: heldRows > 0 ? skipsHeld(heldRows) : undefined,
      }}
      onOpen={(r) => onOpen(r.ad)}
      focusedKey={props.focusedId}
      onRowFocus={onRowFocus && ((r) => onRowFocus(r.ad))}
      cards={{ selectAllText: 'Select all pending', card: (r) => adCard(r, now, menu(r)) }}
    />
  );
}
