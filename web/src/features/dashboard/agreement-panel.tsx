import type { z } from 'zod';
import type { agreementRow } from '@backoffice/contract';
import { Panel, Th, cx, rowClass, tdClass, theadClass } from '../../components/ui';
import { baseApi } from '../../lib/api';
import { formatCount } from './dashboard-format';

type AgreementRow = z.infer<typeof agreementRow>;

const TITLE = 'Second review agreement (30 days)';

/** GET /api/second-reviews/agreement (docs/decisions/0030-moderation-rules.md): agreement per moderator and per rule. */
const agreementApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getSecondReviewAgreement: build.query<AgreementRow[], void>({
      query: () => '/second-reviews/agreement',
      transformResponse: (res: { rows?: AgreementRow[] }) => res.rows ?? [],
    }),
  }),
});
const { useGetSecondReviewAgreementQuery } = agreementApi;

const share = (row: AgreementRow) => (row.reviewed ? `${Math.round((row.agreed / row.reviewed) * 100)} %` : '-');

/**
 * Beside the moderation figures: for each moderator and each rule whose decisions were reviewed a
 * second time in the last 30 days, how many were reviewed and how often the reviewer agreed.
 */
export function AgreementPanel() {
  const query = useGetSecondReviewAgreementQuery(undefined, { refetchOnMountOrArgChange: true });
  const rows = query.data;
  return (
    <Panel flush role="region" aria-labelledby="agreement-title" className="overflow-hidden">
      <h2 id="agreement-title" className="px-5 pt-5 pb-4 text-base font-semibold text-slate-100">
        {TITLE}
      </h2>
      {rows === undefined ? (
        query.isError ? (
          <p className="px-5 pt-2 pb-8 text-center text-sm text-slate-400">Failed to fetch agreement figures</p>
        ) : (
          <div className="space-y-3 px-5 pb-5" aria-busy="true">
            {[0, 1].map((i) => (
              <div key={i} className="h-8 animate-pulse rounded-lg bg-slate-800/60" />
            ))}
          </div>
        )
      ) : rows.length === 0 ? (
        <p className="px-5 pt-2 pb-8 text-center text-sm text-slate-400">No second reviews in the last 30 days.</p>
      ) : (
        <table aria-label={TITLE} className="w-full text-left text-sm">
          <thead className={theadClass}>
            <tr>
              <Th className="pl-5">Decided by</Th>
              <Th className="text-right">Reviewed</Th>
              <Th className="text-right">Agreed</Th>
              <Th className="pr-5 text-right">Agreement</Th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={`${row.kind}-${row._id}`} className={rowClass}>
                <td className={cx(tdClass, 'pl-5 break-words text-slate-100')}>
                  {row.name}
                  <span className="ml-2 text-xs text-slate-400">{row.kind === 'rule' ? 'Rule' : 'Moderator'}</span>
                </td>
                <td className={cx(tdClass, 'text-right text-slate-300 tabular-nums')}>{formatCount(row.reviewed)}</td>
                <td className={cx(tdClass, 'text-right text-slate-300 tabular-nums')}>{formatCount(row.agreed)}</td>
                <td className={cx(tdClass, 'pr-5 text-right text-slate-100 tabular-nums')}>{share(row)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Panel>
  );
}
