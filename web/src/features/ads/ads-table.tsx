import type { KeyboardEvent } from 'react';
import {
  adImageUrl,
  adMessages,
  liveText,
  thumbnailUrl,
  type Advertisement,
  type AdSortField,
} from '@backoffice/contract';
import { Check, Eye, SearchX, Trash2, TriangleAlert, X } from 'lucide-react';
import {
  ActionsCell,
  Badge,
  Button,
  EmptyState,
  SelectAllHeader,
  SelectCell,
  SkeletonRows,
  SortableHeader,
  StatusBadge,
  TableFrame,
  Th,
  Thumbnail,
  cx,
  rowClass,
  tdClass,
  theadClass,
  type RowMenuItem,
} from '../../components/ui';
import { useSelector } from 'react-redux';
import { useLiveNotes } from '../../lib/live-status';
import { selectCurrentUser } from '../../lib/session-events';
import { useNow } from '../../lib/use-now';
import { ageStepClass, pendingAge } from './ad-age';
import { claimedByOther } from './ad-claim';
import { adTypeLabel, formatAdDate, formatAdId, formatContact } from './ad-format';
import { RiskBadge } from './signals/signal-chips';
import { RowSignals } from './signals/row-signals';
import type { AdsSort } from './use-ads-table-state';

const COLUMNS = 10;
const skipsHeld = (n: number) => `Skips ${n === 1 ? 'the ad' : `${n} ads`} another admin is reviewing`;

export interface AdsTableProps {
  ads: Advertisement[];
  /** No rows for the current view yet: skeletons. */
  loading: boolean;
  sort: AdsSort;
  onSort: (field: AdSortField) => void;
  /** A sort header is about to be clicked (pointer or focus on it). */
  onSortIntent?: (field: AdSortField) => void;
  selection: {
    isSelected: (id: string) => boolean;
    allSelected: boolean;
    /** Pending ads the select-all ticks (not those another admin is reviewing). */
    pageSelectableCount: number;
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

// Columns the side panel also shows give way first on narrower screens, so the actions stay in view.
const wideOnly = 'hidden min-[1400px]:table-cell';
const xlOnly = 'hidden xl:table-cell';

const sortable: Array<{ field: AdSortField; label: string; className?: string }> = [
  // The row's name and the side panel carry the id: below 1280 px the heading gets its room.
  { field: 'id', label: 'Ad ID', className: xlOnly },
  { field: 'heading', label: 'Heading' },
  { field: 'username', label: 'User' },
];
const sortableAfterContact: Array<{ field: AdSortField; label: string; className?: string }> = [
  { field: 'postingDate', label: 'Date' },
  { field: 'adType', label: 'Type', className: xlOnly },
  { field: 'status', label: 'Status' },
];

/** How long a pending ad has waited, in three steps: neutral, amber `due soon`, red `overdue` (with an icon). */
export function AgeLabel({ postingDate, now, className }: { postingDate: string; now: number; className?: string }) {
  const age = pendingAge(postingDate, now);
  if (!age) return null;
  return (
    <span
      data-age-step={age.step}
      className={cx('inline-flex items-center gap-1 text-xs', ageStepClass[age.step], className)}
    >
      {age.step === 'overdue' && <TriangleAlert className="size-3.5 shrink-0" aria-hidden="true" />}
      {age.text}
    </span>
  );
}

/**
 * A row's (or card's) menu: View; Approve and Reject for a pending ad; Delete. While another admin
 * reviews the ad (`reviewer`), Approve and Reject show disabled with "Being reviewed by NAME",
 * before any confirmation.
 */
export function rowActions(
  ad: Advertisement,
  props: Pick<AdsTableProps, 'onOpen' | 'onApprove' | 'onReject' | 'onDelete' | 'onDismissReports'>,
  reviewer?: { name: string } | null,
): RowMenuItem[] {
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

/** The ads table of docs/product.md#ads-moderation. A row click (or Enter on a focused row) opens the side panel. */
export function AdsTable(props: AdsTableProps) {
  const { ads, loading, sort, onSort, onSortIntent, selection, onOpen } = props;
  const selfId = useSelector(selectCurrentUser)?._id;
  const notes = useLiveNotes();
  // Ages and claim expiries move on while the page stays open.
  const ownNow = useNow();
  const now = props.now ?? ownNow;
  const heldRows = ads.filter((ad) => ad.status === 'pending' && claimedByOther(ad, selfId, now)).length;
  const header = (h: { field: AdSortField; label: string; className?: string }) => (
    <SortableHeader
      key={h.field}
      className={h.className}
      label={h.label}
      active={sort.field === h.field}
      order={sort.order}
      onSort={() => onSort(h.field)}
      onIntent={onSortIntent && (() => onSortIntent(h.field))}
    />
  );

  function onRowKeyDown(event: KeyboardEvent<HTMLTableRowElement>, ad: Advertisement) {
    if (event.target !== event.currentTarget) return;
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onOpen(ad);
    }
  }

  return (
    <TableFrame label="Advertisements" busy={loading}>
      <thead className={theadClass}>
        <tr>
          <SelectAllHeader
            label="Select all pending advertisements on this page"
            checked={selection.allSelected}
            disabled={loading || selection.pageSelectableCount === 0}
            title={heldRows > 0 ? skipsHeld(heldRows) : undefined}
            onChange={selection.toggleAll}
          />
          {sortable.map(header)}
          <Th className={wideOnly}>Contact</Th>
          {sortableAfterContact.map(header)}
          {header({ field: 'risk', label: 'Risk', className: cx(xlOnly, 'w-24') })}
          <Th className="w-16 text-right">Actions</Th>
        </tr>
      </thead>
      <tbody className="text-slate-200">
        {loading ? (
          <SkeletonRows rows={10} columns={COLUMNS} />
        ) : ads.length === 0 ? (
          <EmptyState
            columns={COLUMNS}
            icon={<SearchX className="size-6" />}
            message={adMessages.emptyState}
            action={
              <Button variant="secondary" size="sm" onClick={props.onResetFilters}>
                Reset Filters
              </Button>
            }
          />
        ) : (
          ads.map((ad) => {
            const id = formatAdId(ad._id);
            const pending = ad.status === 'pending';
            const reviewer = pending ? claimedByOther(ad, selfId, now) : null;
            const note = notes.get(ad._id);
            return (
              <tr
                key={ad._id}
                data-ad-id={ad._id}
                tabIndex={0}
                onFocus={(e) => e.target === e.currentTarget && props.onRowFocus?.(ad)}
                aria-label={`${id} ${ad.heading}`}
                onClick={() => onOpen(ad)}
                onKeyDown={(e) => onRowKeyDown(e, ad)}
                className={cx(
                  rowClass,
                  'cursor-pointer focus-visible:bg-slate-800/40 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-indigo-500',
                  selection.isSelected(ad._id) && 'bg-indigo-500/5',
                  props.focusedId === ad._id && 'outline-2 -outline-offset-2 outline-indigo-500/70',
                )}
              >
                <SelectCell
                  label={`Select advertisement ${id}`}
                  selectable={pending}
                  checked={selection.isSelected(ad._id)}
                  disabled={reviewer !== null}
                  title={reviewer ? liveText.beingReviewedBy(reviewer.name) : undefined}
                  onChange={() => selection.toggle(ad)}
                />
                <td className={cx(tdClass, xlOnly, 'font-mono text-xs text-slate-400')}>{id}</td>
                {/* max-w-0 + w-full: the heading takes the width left over and truncates. */}
                <td className={cx(tdClass, 'w-full max-w-0 min-w-32')}>
                  <div className="flex items-center gap-3">
                    <Thumbnail
                      src={ad.images[0] ? thumbnailUrl(adImageUrl(ad.images[0]), 96, ad.thumbnails?.[0]) : null}
                      fallbackSrc={ad.images[0] && ad.thumbnails ? adImageUrl(ad.images[0]) : null}
                      alt=""
                      compact
                      className="size-10 rounded-md"
                    />
                    <div className="flex min-w-0 flex-col items-start gap-1">
                      <span className="max-w-full truncate font-medium text-slate-100" title={ad.heading}>
                        {ad.heading}
                      </span>
                      <RowSignals ad={ad} riskColumn narrowMax={1} />
                      {reviewer && (
                        <Badge tone="sky" className="max-w-full">
                          <span className="truncate" title={liveText.beingReviewedBy(reviewer.name)}>
                            {liveText.beingReviewedBy(reviewer.name)}
                          </span>
                        </Badge>
                      )}
                      {note && (
                        <span className="max-w-full truncate text-xs text-slate-400" title={note}>
                          {note}
                        </span>
                      )}
                    </div>
                  </div>
                </td>
                <td className={tdClass}>
                  <span className="block max-w-28 truncate" title={ad.username}>
                    {ad.username}
                  </span>
                </td>
                <td className={cx(tdClass, wideOnly, 'whitespace-nowrap tabular-nums')}>{formatContact(ad.phone1)}</td>
                <td className={cx(tdClass, 'whitespace-nowrap tabular-nums')}>
                  {formatAdDate(ad.postingDate)}
                  {pending && (
                    <>
                      {' '}
                      <AgeLabel postingDate={ad.postingDate} now={now} className="flex" />
                    </>
                  )}
                </td>
                <td className={cx(tdClass, xlOnly)}>
                  <Badge tone={ad.adType === 'regular' ? 'violet' : 'sky'}>{adTypeLabel(ad.adType)}</Badge>
                </td>
                <td className={tdClass}>
                  <StatusBadge status={ad.status} />
                </td>
                <td className={cx(tdClass, xlOnly)}>
                  <RiskBadge risk={ad.risk} />
                </td>
                <ActionsCell label={`Actions for advertisement ${id}`} items={rowActions(ad, props, reviewer)} />
              </tr>
            );
          })
        )}
      </tbody>
    </TableFrame>
  );
}
