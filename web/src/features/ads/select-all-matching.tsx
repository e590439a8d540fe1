import { exportText } from '@backoffice/contract';
import { Button } from '../../components/ui';
import { formatCount } from './ads-export';
import { ApproveModal, RejectModal } from './moderation-modals';
import type { useSelectAllMatching } from './use-select-all-matching';

type Matching = ReturnType<typeof useSelectAllMatching>;

/** Progress of a run over every matching ad, as a bar and in words. */
function MatchProgressBar({ progress }: { progress: NonNullable<Matching['progress']> }) {
  const verb = progress.kind === 'approve' ? 'Approving' : 'Rejecting';
  const label = `${verb} ${formatCount(progress.done)} of ${formatCount(progress.total)}`;
  return (
    <div className="flex items-center gap-3">
      <div
        role="progressbar"
        aria-label={`${verb} advertisements`}
        aria-valuemin={0}
        aria-valuemax={progress.total}
        aria-valuenow={progress.done}
        aria-valuetext={label}
        className="h-2 w-48 overflow-hidden rounded-full bg-slate-800"
      >
        <div
          className="h-full bg-indigo-500 transition-[width]"
          style={{ width: `${progress.total ? (100 * progress.done) / progress.total : 0}%` }}
        />
      </div>
      <span className="tabular-nums">{label}</span>
    </div>
  );
}

/**
 * The line under the bulk bar: the offer to select every matching pending ad, then what is
 * selected with a way back, then the progress of approving or rejecting them.
 */
export function SelectAllMatchingLine({ matching }: { matching: Matching }) {
  if (!matching.progress && !matching.active && !matching.offered) return null;
  return (
    <div
      aria-live="polite"
      className="flex flex-wrap items-center justify-center gap-x-3 gap-y-1 border-t border-slate-800 bg-indigo-500/5 px-4 py-2 text-sm text-slate-300"
    >
      {matching.progress ? (
        <MatchProgressBar progress={matching.progress} />
      ) : matching.active ? (
        <>
          <span className="tabular-nums">{exportText.allMatchingSelected(formatCount(matching.total))}</span>
          <Button variant="ghost" size="sm" className="text-indigo-300" onClick={matching.clear}>
            {exportText.clearSelection}
          </Button>
        </>
      ) : (
        <Button variant="ghost" size="sm" className="text-indigo-300 tabular-nums" onClick={matching.choose}>
          {exportText.selectAllMatching(formatCount(matching.matching ?? 0))}
        </Button>
      )}
    </div>
  );
}

/** The confirmations of approving or rejecting every matching ad (the same as for a selection). */
export function SelectAllMatchingModals({ matching }: { matching: Matching }) {
  if (matching.dialog === 'approve')
    return (
      <ApproveModal
        count={matching.total}
        busy={false}
        onCancel={matching.cancel}
        onConfirm={() => void matching.run('approve')}
      />
    );
  if (matching.dialog === 'reject')
    return (
      <RejectModal
        count={matching.total}
        busy={false}
        onCancel={matching.cancel}
        onConfirm={(reason) => void matching.run('reject', reason)}
      />
    );
  return null;
}
