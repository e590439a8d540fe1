import type { DownloadPhase } from '../../lib/streamed-download';

export const formatCount = (n: number) => n.toLocaleString('en-LK');
function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** How far a streamed download has got: rows (of the count when known) and bytes. */
export function DownloadProgress({
  rows,
  bytes,
  total,
  phase,
}: {
  rows: number;
  bytes: number;
  total: number | undefined;
  phase: DownloadPhase;
}) {
  // Rows against the count when it is known; the rows may outnumber it if ads arrived meanwhile.
  const max = total && total > 0 ? Math.max(total, rows) : undefined;
  const words =
    (max !== undefined ? `${formatCount(rows)} of ${formatCount(max)} rows` : `${formatCount(rows)} rows`) +
    ` (${formatBytes(bytes)})`;
  const status = phase === 'done' ? 'Downloaded' : phase === 'cancelled' ? 'Cancelled' : 'Downloading';
  return (
    <div className="space-y-1.5">
      <div
        role="progressbar"
        aria-label="Download progress"
        aria-valuemin={0}
        aria-valuemax={max}
        aria-valuenow={max !== undefined ? rows : undefined}
        aria-valuetext={`${status}: ${words}`}
        className="h-2 overflow-hidden rounded-full bg-slate-800"
      >
        <div
          className={phase === 'cancelled' ? 'h-full bg-slate-500' : 'h-full bg-indigo-500 transition-[width]'}
          style={{ width: max !== undefined ? `${(100 * rows) / max}%` : phase === 'done' ? '100%' : '0%' }}
        />
      </div>
      <p className="text-sm text-slate-400 tabular-nums">
        {status}: {words}
      </p>
    </div>
  );
}
