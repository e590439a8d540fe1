import { Check } from 'lucide-react';
import { formatPackagePrice, type Package } from '@backoffice/contract';
import { Badge, Button, SidePanel, StatusBadge, Thumbnail, Detail, ViewPanelFooter } from '../../components/ui';
import { formatPackageDate, typeTone } from './package-list';

/** View panel (docs/product.md#packages): every field of the package, popularity only when not None. */
export function PackageViewPanel({
  pkg,
  open,
  onClose,
  onEdit,
}: {
  pkg: Package;
  open: boolean;
  onClose: () => void;
  /** Left out for a role without packages.write: no Edit. */
  onEdit?: (pkg: Package) => void;
}) {
  return (
    <SidePanel
      title="Package Details"
      open={open}
      onRequestClose={onClose}
      footer={
        <ViewPanelFooter onClose={onClose}>
          {onEdit && <Button onClick={() => onEdit(pkg)}>Edit</Button>}
        </ViewPanelFooter>
      }
    >
      <div className="flex items-start gap-4">
        <Thumbnail src={pkg.icon} alt={`${pkg.type} package icon`} className="size-16 rounded-xl" fit="contain" />
        <div className="min-w-0 flex-1">
          <p className="font-mono text-xs text-slate-400">{pkg.pid}</p>
          <h3 className="mt-1 text-lg font-semibold break-words text-slate-100">{pkg.name}</h3>
          <div className="mt-2 flex flex-wrap gap-2">
            <Badge tone={typeTone(pkg.type)}>{pkg.type}</Badge>
            {pkg.popularity !== 'None' && <Badge tone="amber">{pkg.popularity}</Badge>}
          </div>
        </div>
      </div>

      <dl className="mt-6 grid grid-cols-2 gap-x-4 gap-y-4">
        <Detail label="Price">
          <span className="text-base font-semibold tabular-nums">{formatPackagePrice(pkg.price)}</span>
        </Detail>
        <Detail label="Duration">{pkg.duration}</Detail>
        <Detail label="Status">
          <StatusBadge status={pkg.status} />
        </Detail>
        <Detail label="Max Ads">
          <span className="tabular-nums">{pkg.maxAds.toLocaleString('en-LK')}</span>
        </Detail>
        <Detail label="Created">{formatPackageDate(pkg.createdAt)}</Detail>
        <Detail label="Subscribers">
          <span className="tabular-nums">{pkg.subscriberCount.toLocaleString('en-LK')}</span>
        </Detail>
        <Detail label="Description" className="col-span-2">
          <span className="whitespace-pre-line text-slate-300">{pkg.description}</span>
        </Detail>
        <div className="col-span-2">
          <dt className="text-xs font-medium tracking-wide text-slate-400 uppercase">Features</dt>
          <dd className="mt-2">
            <ul className="space-y-1.5" aria-label="Features">
              {pkg.features.map((feature, i) => (
                <li key={i} className="flex items-start gap-2 text-sm text-slate-200">
                  <Check className="mt-0.5 size-4 shrink-0 text-emerald-400" aria-hidden="true" />
                  {feature}
                </li>
              ))}
            </ul>
          </dd>
        </div>
      </dl>
    </SidePanel>
  );
}
