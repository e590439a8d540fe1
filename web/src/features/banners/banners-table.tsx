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
  EmptyState,
  SkeletonRows,
  StatusBadge,
  TableFrame,
  Th,
  Thumbnail,
  cx,
  focusRing,
  rowClass,
  tdClass,
  theadClass,
  ViewEditDeleteCell,
} from '../../components/ui';
import { formatDateRange } from './banner-format';

const COLUMNS = 7;

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

// Placement (also in the banner's view) gives way on narrower screens, so the actions stay in view.
const xlOnly = 'hidden xl:table-cell';

/** docs/product.md#banner-ads table: Ad Id (first 8), Image (click for large preview), Name, Placement, Display Date Range, Status, actions. */
export function BannersTable(props: BannersTableProps) {
  const { banners, loading } = props;
  return (
    <TableFrame label="Banner ads" busy={loading}>
      <thead className={theadClass}>
        <tr>
          <Th>Ad Id</Th>
          <Th>Image</Th>
          <Th>Name</Th>
          <Th className={xlOnly}>Placement</Th>
          <Th className="whitespace-normal xl:whitespace-nowrap">Display Date Range</Th>
          <Th>Status</Th>
          <Th className="text-right">Actions</Th>
        </tr>
      </thead>
      <tbody className="text-slate-200">
        {loading ? (
          <SkeletonRows rows={4} columns={COLUMNS} />
        ) : banners.length === 0 ? (
          <EmptyState
            columns={COLUMNS}
            icon={props.filtered ? <SearchX className="size-6" /> : <ImagePlus className="size-6" />}
            message={bannerMessages.emptyState}
            action={
              props.filtered ? (
                <Button variant="secondary" size="sm" onClick={props.onClearFilters}>
                  Clear filters
                </Button>
              ) : (
                props.onAdd && (
                  <Button size="sm" onClick={props.onAdd}>
                    + Add New
                  </Button>
                )
              )
            }
          />
        ) : (
          banners.map((banner) => (
            <tr key={banner._id} aria-label={`${formatBannerId(banner._id)} ${banner.name}`} className={rowClass}>
              <td className={cx(tdClass, 'font-mono text-xs text-slate-400')}>{formatBannerId(banner._id)}</td>
              <td className={tdClass}>
                <button
                  type="button"
                  onClick={() => props.onEnlarge(banner)}
                  aria-label={`Enlarge image of ${banner.name}`}
                  className={cx('block cursor-zoom-in rounded-md', focusRing)}
                >
                  <Thumbnail
                    src={thumbnailUrl(bannerImageUrl(banner.image), 96, banner.thumbnails)}
                    srcSet={thumbnailSrcSet(bannerImageUrl(banner.image), banner.thumbnails)}
                    fallbackSrc={banner.thumbnails ? bannerImageUrl(banner.image) : null}
                    sizes="120px"
                    alt=""
                    compact
                    className="h-8 w-24 max-w-none rounded-md xl:h-10 xl:w-[7.5rem]"
                  />
                </button>
              </td>
              {/* max-w-0 + w-full: the name takes the width left over and truncates. */}
              <td className={cx(tdClass, 'w-full max-w-0 min-w-24')}>
                <span className="block truncate font-medium text-slate-100" title={banner.name}>
                  {banner.name}
                </span>
              </td>
              <td className={cx(tdClass, xlOnly)}>
                <Badge tone="sky">{banner.placement}</Badge>
              </td>
              {/* May wrap on narrower screens, so the actions stay in view. */}
              <td className={cx(tdClass, 'tabular-nums xl:whitespace-nowrap')}>
                {formatDateRange(banner.startDate, banner.endDate)}
              </td>
              <td className={tdClass}>
                <StatusBadge status={banner.status} />
              </td>
              <ViewEditDeleteCell
                name={banner.name}
                onView={() => props.onView(banner)}
                onEdit={props.onEdit && (() => props.onEdit!(banner))}
                onDelete={props.onDelete && (() => props.onDelete!(banner))}
              />
            </tr>
          ))
        )}
      </tbody>
    </TableFrame>
  );
}
