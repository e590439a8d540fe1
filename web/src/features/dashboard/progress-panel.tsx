import { dashboardText as text, type DashboardResponse } from '@backoffice/contract';
import { Panel } from '../../components/ui';
import { DIGITAL_COLOUR, REGULAR_COLOUR, formatCount } from './dashboard-format';

type Progress = DashboardResponse['monthProgress'];

const R = 52;
const CIRCUMFERENCE = 2 * Math.PI * R;

/** A ring filled to `percent`, with `centre` in the middle (plain SVG: no chart library needed). */
function Gauge({ percent, centre, label }: { percent: number; centre: string; label: string }) {
  return (
    <div
      role="meter"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      aria-valuetext={`${percent}%`}
      className="relative mx-auto size-44"
    >
      <svg viewBox="0 0 120 120" className="size-full -rotate-90" aria-hidden="true">
        <circle cx="60" cy="60" r={R} fill="none" stroke="#1e293b" strokeWidth="10" />
        <circle
          cx="60"
          cy="60"
          r={R}
          fill="none"
          stroke="#6366f1"
          strokeWidth="10"
          strokeLinecap={percent > 0 ? 'round' : 'butt'}
          strokeDasharray={`${(percent / 100) * CIRCUMFERENCE} ${CIRCUMFERENCE}`}
        />
      </svg>
      <div className="absolute inset-0 flex flex-col items-center justify-center" aria-hidden="true">
        <span className="text-3xl font-semibold text-slate-100 tabular-nums">{centre}</span>
        <span className="text-xs text-slate-400">{percent}% moderated</span>
      </div>
    </div>
  );
}

function Share({ label, percent, colour }: { label: string; percent: number; colour: string }) {
  return (
    <div className="flex items-center gap-2">
      <span className="size-2.5 rounded-full" style={{ backgroundColor: colour }} aria-hidden="true" />
      <span className="text-sm text-slate-400">{label}</span>
      <span className="ml-auto text-sm font-medium text-slate-100 tabular-nums">{percent}%</span>
    </div>
  );
}

/**
 * This month Progress: the share of this month's submitted ads already moderated, the number
 * submitted this month in the centre, and the Regular and Digital shares of this month's ads.
 */
export function ProgressPanel({ progress }: { progress: Progress | undefined }) {
  return (
    <Panel role="region" aria-labelledby="month-progress-title" className="flex flex-col">
      <h2 id="month-progress-title" className="mb-4 text-base font-semibold text-slate-100">
        {text.monthProgress}
      </h2>
      {progress ? (
        <>
          <Gauge
            percent={progress.moderatedPercent}
            centre={formatCount(progress.submitted)}
            label={`${progress.moderatedPercent}% of ${formatCount(progress.submitted)} ads submitted this month are moderated`}
          />
          <div className="mt-6 space-y-2">
            <Share label={text.regularAds} percent={progress.regularPercent} colour={REGULAR_COLOUR} />
            <Share label={text.digitalAds} percent={progress.digitalPercent} colour={DIGITAL_COLOUR} />
          </div>
        </>
      ) : (
        <div className="mx-auto size-44 animate-pulse rounded-full bg-slate-800/60" aria-busy="true" />
      )}
    </Panel>
  );
}
