import { exportText, type AdExportParams, type AdListParams } from '@backoffice/contract';
import { ExportMenu } from '../../components/ui';
import { useCan } from '../../lib/permissions';
import { withQuery } from '../../lib/api';

/** Thousands separators as the rest of the back office shows numbers. */
export const formatCount = (n: number) => n.toLocaleString('en-LK');

/** GET /api/advertisements/export for the list's current filters, search and sort (every page). */
export function adExportUrl(params: AdListParams): string {
  const query: AdExportParams = {
    format: 'csv',
    status: params.status,
    view: params.view,
    category: params.category,
    district: params.district,
    q: params.q,
    signal: params.signal,
    minRisk: params.minRisk,
    decided: params.decided,
    queue: params.queue,
    sort: params.sort,
    order: params.order,
  };
  return withQuery('/api/advertisements/export', query);
}

/** `Export as` with one item, "Export 12,345 ads as CSV"; the number shows once the list has counted. */
export function AdsExportMenu({ params, total }: { params: AdListParams; total: number | undefined }) {
  // Support takes no exports (ads.export, docs/decisions/0033-roles.md).
  if (!useCan('ads.export')) return null;
  return (
    <ExportMenu
      label={exportText.exportAs}
      items={[
        {
          label: exportText.exportAds(total === undefined ? '…' : formatCount(total)),
          href: adExportUrl(params),
        },
      ]}
    />
  );
}
