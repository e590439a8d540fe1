import { useId } from 'react';
import { Check, Trash2, X } from 'lucide-react';
import { Button } from '../../../components/ui';
import { useCan } from '../../../lib/permissions';

export interface DecisionFooterProps {
  /** Approve and Reject are offered (a pending ad). */
  pending: boolean;
  /** Why Approve and Reject are disabled ("Being reviewed by NAME"), or null when they are not. */
  blockedBy: string | null;
  /** The id of the notice above that says it (the claim notice), for assistive technology. */
  blockedNoticeId?: string;
  /** A decision moves the panel on to the next pending ad: the buttons say so. */
  movesOn: boolean;
  stay: boolean;
  onStay: (stay: boolean) => void;
  onApprove: () => void;
  onReject: () => void;
  onDelete: () => void;
}

/**
 * The panel's decisions (docs/product.md#ads-moderation): Approve and Reject for a pending ad,
 * Delete for any, each through its confirmation; and the setting that keeps the panel on the
 * decided ad instead of moving on ("Approve & next", the default).
 */
export function DecisionFooter(props: DecisionFooterProps) {
  const stayId = useId();
  // What the role may not do is not offered (docs/decisions/0033-roles.md): support only reads.
  const canDelete = useCan('ads.delete');
  const canModerate = useCan('ads.moderate');
  const pending = props.pending && canModerate;
  const blocked = props.blockedBy !== null;
  const next = props.movesOn ? ' & next' : '';
  return (
    <div className="flex w-full flex-wrap items-center justify-end gap-x-2 gap-y-3">
      {pending && (
        <label htmlFor={stayId} className="mr-auto flex items-center gap-2 text-sm text-slate-300">
          <input
            id={stayId}
            type="checkbox"
            checked={props.stay}
            onChange={(e) => props.onStay(e.target.checked)}
            className="size-4 rounded border-slate-600 bg-slate-800 accent-indigo-500"
          />
          Stay on this ad after a decision
        </label>
      )}
      {canDelete && (
        <Button
          variant="ghost"
          icon={<Trash2 className="size-4" aria-hidden="true" />}
          onClick={props.onDelete}
          className="text-rose-300"
        >
          Delete
        </Button>
      )}
      {pending && (
        <>
          <Button
            variant="danger"
            icon={<X className="size-4" aria-hidden="true" />}
            aria-keyshortcuts="r"
            aria-describedby={blocked ? props.blockedNoticeId : undefined}
            title={props.blockedBy ?? undefined}
            disabled={blocked}
            onClick={props.onReject}
          >
            {`Reject${next}`}
          </Button>
          <Button
            icon={<Check className="size-4" aria-hidden="true" />}
            aria-keyshortcuts="a"
            aria-describedby={blocked ? props.blockedNoticeId : undefined}
            title={props.blockedBy ?? undefined}
            disabled={blocked}
            onClick={props.onApprove}
          >
            {`Approve${next}`}
          </Button>
        </>
      )}
    </div>
  );
}
