import { Maximize2, Pencil } from 'lucide-react';
import { bannerImageUrl, formatBannerId, type BannerAd } from '@backoffice/contract';
import { Badge, Button, SidePanel, StatusBadge, Thumbnail, Detail, ViewPanelFooter } from '../../components/ui';
import { formatDateRange, formatViews } from './banner-format';

export interface BannerViewPanelProps {
  banner: BannerAd;
  open: boolean;
  onClose: () => void;
  /** Left out for a role without banners.write: no Edit. */
  onEdit?: (banner: BannerAd) => void;
  onEnlarge: (banner: BannerAd) => void;
}

/** View panel (docs/product.md#banner-ads): image, name, description, placements, displaying date, status, views. */
export function BannerViewPanel({ banner, open, onClose, onEdit, onEnlarge }: BannerViewPanelProps) {
  return (
    <SidePanel
      title="Banner Ad Details"
      open={open}
      onRequestClose={onClose}
      footer={
        <ViewPanelFooter onClose={onClose}>
          {onEdit && (
            <Button icon={<Pencil className="size-4" aria-hidden="true" />} onClick={() => onEdit(banner)}>
              Edit
            </Button>
          )}
        </ViewPanelFooter>
      }
    >
      <div className="group relative overflow-hidden rounded-lg border border-slate-800 bg-slate-950">
        <Thumbnail
          src={bannerImageUrl(banner.image)}
          alt={`Banner image of ${banner.name}`}
          loading="eager"
          fit="contain"
          className="aspect-[3/1] w-full"
        />
        <button
          type="button"
          onClick={() => onEnlarge(banner)}
          aria-label={`Enlarge image of ${banner.name}`}
          className="absolute right-2 bottom-2 rounded-md bg-slate-900/90 p-1.5 text-slate-200 hover:bg-slate-800 focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none"
        >
          <Maximize2 className="size-4" aria-hidden="true" />
        </button>
      </div>

      <div className="mt-5 min-w-0">
        <p className="font-mono text-xs text-slate-400">{formatBannerId(banner._id)}</p>
        <h3 className="mt-1 text-lg font-semibold break-words text-slate-100">{banner.name}</h3>
      </div>

      <dl className="mt-5 grid grid-cols-2 gap-x-4 gap-y-4">
        <Detail label="Description" className="col-span-2">
          <span className="whitespace-pre-line">{banner.description}</span>
        </Detail>
        <Detail label="Placements">
          <Badge tone="sky">{banner.placement}</Badge>
        </Detail>
        <Detail label="Displaying Date">
          <span className="tabular-nums">{formatDateRange(banner.startDate, banner.endDate)}</span>
        </Detail>
        <Detail label="Status">
          <StatusBadge status={banner.status} />
        </Detail>
        <Detail label="Views">
          <span className="tabular-nums">{formatViews(banner.views)}</span>
        </Detail>
      </dl>
    </SidePanel>
  );
}
