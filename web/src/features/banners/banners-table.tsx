import { ImagePlus, SearchX } from 'lucide-react';
import {
  bannerImageUrl,
  bannerMessages,
  formatBannerId,
  thumbnailSrcSet,
  thumbnailUrl,
  type BannerAd,
} from '@backoffice/contract';
import {
  Badge,
  Button,
  DataTable,
  StatusBadge,
  Thumbnail,
  cx,
  focusRing,
  viewEditDeleteColumn,
  type Column,
} from '../../components/ui';
import { formatDateRange } from './banner-format';

export interface BannersTableProps {
  banners: BannerAd[];
  loading: boolean;
  /** A search or status filter is applied (the empty state then offers to clear it). */
  filtered: boolean;
  onView: (banner: BannerAd) => void;
  /** Left out for a role without banners.write: no Edit, Delete or Add New. */
  onEdit?: (banner: BannerAd) => void;
  onDelete?: (banner: BannerAd) => void;
  onEnlarge: (banner: BannerAd) => void;
  onClearFilters: () => void;
  onAdd?: () => void;
}

/** docs/product.md#banner-ads table: Ad Id (first 8), Image (click for large preview), Name, Placement, Display Date Range, Status, actions. */
export function BannersTable(props: BannersTableProps) {
  const { banners, loading } = props;
  const columns: Column<BannerAd>[] = [
    { header: 'Ad Id', cell: (b) => formatBannerId(b._id), className: 'font-mono text-xs text-slate-400' },
    {
      header: 'Image',
      cell: (b) => (
        <button
          type="button"
          onClick={() => props.onEnlarge(b)}
          aria-label={`Enlarge image of ${b.name}`}
          className={cx('block cursor-zoom-in rounded-md', focusRing)}
        >
          <Thumbnail
            src={thumbnailUrl(bannerImageUrl(b.image), 96, b.thumbnails)}
            srcSet={thumbnailSrcSet(bannerImageUrl(b.image), b.thumbnails)}
            fallbackSrc={b.thumbnails ? bannerImageUrl(b.image) : null}
            sizes="120px"
            alt=""
            compact
            className="h-8 w-24 max-w-none rounded-md xl:h-10 xl:w-[7.5rem]"
          />
        </button>
      ),
    },
    {
      header: 'Name',
      // max-w-0 + w-full: the name takes the width left over and truncates.
      className: 'w-full max-w-0 min-w-24',
      cell: (b) => (
        <span className="block truncate font-medium text-slate-100" title={b.name}>
          {b.name}
        </span>
      ),
    },
    // Placement (also in the banner's view) gives way on narrower screens, so the actions stay in view.
    { header: 'Placement', hideBelow: 'xl', cell: (b) => <Badge tone="sky">{b.placement}</Badge> },
    {
      header: 'Display Date Range',
      // May wrap on narrower screens, so the actions stay in view.
      headerClassName: 'whitespace-normal xl:whitespace-nowrap',
      className: 'tabular-nums xl:whitespace-nowrap',
      cell: (b) => formatDateRange(b.startDate, b.endDate),
    },
    { header: 'Status', cell: (b) => <StatusBadge status={b.status} /> },
    viewEditDeleteColumn({ name: (b) => b.name, onView: props.onView, onEdit: props.onEdit, onDelete: props.onDelete }),
  ];
  return (
    <DataTable
      label="Banner ads"
      columns={columns}
      rows={banners}
      rowKey={(b) => b._id}
      rowLabel={(b) => `${formatBannerId(b._id)} ${b.name}`}
      loading={loading}
      skeletonRows={4}
      empty={{
        icon: props.filtered ? <SearchX className="size-6" /> : <ImagePlus className="size-6" />,
        message: bannerMessages.emptyState,
        action: props.filtered ? (
          <Button variant="secondary" size="sm" onClick={props.onClearFilters}>
            Clear filters
          </Button>
        ) : (
          props.onAdd && (
            <Button size="sm" onClick={props.onAdd}>
              + Add New
            </Button>
          )
        ),
      }}
    />
  );
}
