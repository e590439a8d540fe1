import { lazy, Suspense, useId, useRef, useState, type FormEvent } from 'react';
import { adMessages, liveText, MAX_REJECTION_REASON } from '@backoffice/contract';
import { Banner, Button, Modal, inputClass, useTimedMessage, cx } from '../../components/ui';
import { useCan } from '../../lib/permissions';
import { ReasonTemplatePicker, templateForKey, useActiveReasonTemplates } from './reason-templates';
import { confirmTitle, deleteConfirmText, namedTargets, permanentActionText } from './moderation-text';
import type { ModerationDialog } from './use-ad-moderation';

// Managing templates is rare: its dialog (and the schema it validates with) loads when opened.
const ManageReasonsDialog = lazy(() =>
  import('./manage-reasons-dialog').then((m) => ({ default: m.ManageReasonsDialog })),
);

const SELECTION_MESSAGE_MS = 3000;

/**
 * What a confirmation acts on: one ad's heading and `#ID`, or up to five and "and N more"
 * (docs/product.md#ads-moderation). Nothing when the names are unknown (every ad matching a filter).
 */
export function TargetList({ names, count }: { names: readonly string[]; count: number }) {
  const { named, more } = namedTargets(names, count);
  if (named.length === 0) return null;
  return (
    <ul
      aria-label={count === 1 ? 'Advertisement' : 'Advertisements'}
      className="space-y-1 rounded-lg border border-slate-800 bg-slate-950/60 px-3 py-2 text-slate-100"
    >
      {named.map((name, i) => (
        <li key={`${i}-${name}`} className="break-words">
          {name}
        </li>
      ))}
      {more > 0 && <li className="text-slate-400">{`and ${more} more`}</li>}
    </ul>
  );
}

/** Why the decision cannot be made now (another admin took the ad over while the dialog was open). */
function Blocked({ text }: { text?: string | null }) {
  if (!text) return null;
  return (
    <p role="status" className="rounded-lg border border-amber-500/30 bg-amber-500/10 px-3 py-2 text-amber-200">
      {text}
    </p>
  );
}

interface ApproveModalProps {
  count: number;
  /** The ads' headings and `#ID`s (adTarget), as far as they are known. */
  names?: readonly string[];
  /** Set while another admin holds the ad ("Being reviewed by NAME"): the action is disabled. */
  blockedBy?: string | null;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/**
 * Permanent-action confirmation for approval (docs/product.md#states-and-transitions). Approve is
 * focused, so Enter confirms: `a` then Enter approves an ad (approval can be reviewed later, and
 * the confirmation names what it acts on).
 */
export function ApproveModal({ count, names = [], blockedBy, busy, onCancel, onConfirm }: ApproveModalProps) {
  return (
    <Modal
      title={confirmTitle('approve', count)}
      onClose={onCancel}
      actions={
        <>
          <Button variant="secondary" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          <Button data-autofocus onClick={onConfirm} loading={busy} disabled={busy || !!blockedBy}>
            Approve
          </Button>
        </>
      }
    >
      <Blocked text={blockedBy} />
      <TargetList names={names} count={count} />
      <p>{permanentActionText('approve', count)}</p>
    </Modal>
  );
}

interface RejectModalProps extends Omit<ApproveModalProps, 'onConfirm'> {
  onConfirm: (reason: string) => void;
}

/**
 * Reject in one dialog: the reason (with the template picker) and the permanent-action
 * confirmation together (docs/product.md#ads-moderation). The reason is focused; Reject stays
 * disabled while it is blank, and Ctrl+Enter (or Cmd+Enter) on a blank reason says "Please provide
 * a reason for rejection" for 3 s (docs/product.md#validation-rules).
 */
export function RejectModal({ count, names = [], blockedBy, busy, onCancel, onConfirm }: RejectModalProps) {
  const [reason, setReason] = useState('');
  const [managing, setManaging] = useState(false);
  // The reason templates are an administrator's to change (reasons.write).
  const canManage = useCan('reasons.write');
  const templates = useActiveReasonTemplates();
  const [picked, setPicked] = useState('');
  const missing = useTimedMessage(SELECTION_MESSAGE_MS);
  const textarea = useRef<HTMLTextAreaElement>(null);
  const textareaId = useId();
  const trimmed = reason.trim();

  function pick(text: string) {
    setReason(text.slice(0, MAX_REJECTION_REASON));
    missing.clear();
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (busy || blockedBy) return;
    if (!trimmed) {
      missing.show('error', adMessages.reasonRequired);
      return;
    }
    missing.clear();
    onConfirm(trimmed);
  }

  // Managing the templates replaces this dialog for a moment; the reason typed so far is kept.
  if (managing)
    return (
      <Suspense fallback={null}>
        <ManageReasonsDialog onClose={() => setManaging(false)} />
      </Suspense>
    );

  return (
    <Modal title={confirmTitle('reject', count)} onClose={onCancel} initialFocus={textarea}>
      <form onSubmit={submit} className="space-y-3">
        <Blocked text={blockedBy} />
        <TargetList names={names} count={count} />
        <div className="flex items-end gap-3">
          <div className="min-w-0 flex-1">
            <ReasonTemplatePicker
              templates={templates}
              value={picked}
              onChange={(template) => {
                setPicked(template?._id ?? '');
                if (!template) return;
                pick(template.text);
                textarea.current?.focus();
              }}
            />
          </div>
          {canManage && (
            <Button variant="ghost" size="sm" className="mb-1" onClick={() => setManaging(true)}>
              {liveText.manageReasons}
            </Button>
          )}
        </div>
        <label htmlFor={textareaId} className="block text-sm font-medium text-slate-300">
          Reason for rejection
        </label>
        <textarea
          ref={textarea}
          id={textareaId}
          value={reason}
          maxLength={MAX_REJECTION_REASON}
          rows={4}
          aria-keyshortcuts="Control+Enter"
          onChange={(e) => {
            setReason(e.target.value);
            missing.clear();
          }}
          onKeyDown={(e) => {
            const template = templateForKey(templates, e);
            if (template) {
              e.preventDefault();
              setPicked(template._id);
              pick(template.text);
            } else if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
              e.preventDefault();
              e.currentTarget.form?.requestSubmit();
            }
          }}
          placeholder={count === 1 ? 'Why is this advertisement rejected?' : 'Why are these advertisements rejected?'}
          className={cx(inputClass, 'resize-y text-sm')}
        />
        <p className="flex justify-between gap-3 text-xs text-slate-400">
          <span>{templates.length > 0 ? 'Alt+1 to 9 fill a template; Ctrl+Enter rejects' : 'Ctrl+Enter rejects'}</span>
          <span className="tabular-nums">
            {reason.length}/{MAX_REJECTION_REASON}
          </span>
        </p>
        {missing.message && <Banner message={missing.message} />}
        <p>{permanentActionText('reject', count)}</p>
        <div className="flex justify-end gap-2 pt-2">
          <Button variant="secondary" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" disabled={!trimmed || busy || !!blockedBy} loading={busy}>
            Reject
          </Button>
        </div>
      </form>
    </Modal>
  );
}

/** `Confirm Delete`, naming the ad. Cancel is focused: a deletion is never one Enter away. */
export function DeleteModal({ names = [], busy, onCancel, onConfirm }: Omit<ApproveModalProps, 'count'>) {
  return (
    <Modal
      title="Confirm Delete"
      onClose={onCancel}
      actions={
        <>
          <Button data-autofocus variant="secondary" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          <Button variant="danger" onClick={onConfirm} loading={busy} disabled={busy}>
            Delete
          </Button>
        </>
      }
    >
      <TargetList names={names} count={1} />
      <p>{deleteConfirmText}</p>
    </Modal>
  );
}

/** Whichever moderation dialog is open. */
export function ModerationModals({
  dialog,
  busy,
  blockedBy,
  onCancel,
  onConfirm,
}: {
  dialog: ModerationDialog;
  busy: boolean;
  /** Another admin holds the ad now: approval and rejection wait (deleting does not). */
  blockedBy?: string | null;
  onCancel: () => void;
  onConfirm: (reason?: string) => void;
}) {
  if (!dialog) return null;
  if (dialog.kind === 'delete')
    return <DeleteModal names={dialog.names} busy={busy} onCancel={onCancel} onConfirm={() => onConfirm()} />;
  if (dialog.kind === 'approve')
    return (
      <ApproveModal
        count={dialog.ids.length}
        names={dialog.names}
        blockedBy={blockedBy}
        busy={busy}
        onCancel={onCancel}
        onConfirm={() => onConfirm()}
      />
    );
  return (
    <RejectModal
      count={dialog.ids.length}
      names={dialog.names}
      blockedBy={blockedBy}
      busy={busy}
      onCancel={onCancel}
      onConfirm={onConfirm}
    />
  );
}
