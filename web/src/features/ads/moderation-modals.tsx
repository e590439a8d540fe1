import { lazy, Suspense, useId, useRef, useState, type FormEvent } from 'react';
import { adMessages, liveText, MAX_REJECTION_REASON } from '@backoffice/contract';
import { Banner, Button, ConfirmDeleteModal, Modal, inputClass, useTimedMessage, cx } from '../../components/ui';
import { ReasonTemplatePicker } from './reason-templates';
import { confirmTitle, deleteConfirmText, permanentActionText } from './moderation-text';
import type { ModerationDialog } from './use-ad-moderation';

// Managing templates is rare: its dialog (and the schema it validates with) loads when opened.
const ManageReasonsDialog = lazy(() =>
  import('./manage-reasons-dialog').then((m) => ({ default: m.ManageReasonsDialog })),
);

const SELECTION_MESSAGE_MS = 3000;

interface ApproveModalProps {
  count: number;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/** Permanent-action confirmation for approval (docs/product.md#states-and-transitions). The action button is not focused first. */
export function ApproveModal({ count, busy, onCancel, onConfirm }: ApproveModalProps) {
  return (
    <Modal
      title={confirmTitle('approve', count)}
      onClose={onCancel}
      actions={
        <>
          <Button variant="secondary" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          <Button onClick={onConfirm} loading={busy} disabled={busy}>
            Approve
          </Button>
        </>
      }
    >
      <p>{permanentActionText('approve', count)}</p>
    </Modal>
  );
}

interface RejectModalProps {
  count: number;
  busy: boolean;
  onCancel: () => void;
  onConfirm: (reason: string) => void;
}

/**
 * Reject: first the reason (docs/product.md#validation-rules: Reject stays disabled while it is blank; submitting a blank
 * reason with Ctrl+Enter says "Please provide a reason for rejection" for 3 s), then the
 * permanent-action confirmation quoting the reason (docs/product.md#states-and-transitions).
 */
export function RejectModal({ count, busy, onCancel, onConfirm }: RejectModalProps) {
  const [reason, setReason] = useState('');
  const [step, setStep] = useState<'reason' | 'confirm' | 'manage'>('reason');
  const missing = useTimedMessage(SELECTION_MESSAGE_MS);
  const textarea = useRef<HTMLTextAreaElement>(null);
  const textareaId = useId();
  const trimmed = reason.trim();

  function submitReason(event: FormEvent) {
    event.preventDefault();
    if (!trimmed) {
      missing.show('error', adMessages.reasonRequired);
      return;
    }
    missing.clear();
    setStep('confirm');
  }

  // Managing the templates replaces this dialog for a moment; the reason typed so far is kept.
  if (step === 'manage')
    return (
      <Suspense fallback={null}>
        <ManageReasonsDialog onClose={() => setStep('reason')} />
      </Suspense>
    );

  if (step === 'confirm') {
    return (
      // A new dialog per step, so focus moves to this step's Cancel (never the action) and still
      // returns to the original opener when it closes.
      <Modal
        key="confirm"
        title="Confirm Rejection"
        onClose={onCancel}
        actions={
          <>
            <Button variant="ghost" onClick={() => setStep('reason')} disabled={busy}>
              Back
            </Button>
            <Button data-autofocus variant="secondary" onClick={onCancel} disabled={busy}>
              Cancel
            </Button>
            <Button variant="danger" onClick={() => onConfirm(trimmed)} loading={busy} disabled={busy}>
              Reject
            </Button>
          </>
        }
      >
        <p>{permanentActionText('reject', count)}</p>
        <div className="rounded-lg border border-slate-800 bg-slate-950/60 px-3 py-2">
          <p className="text-xs font-medium tracking-wide text-slate-400 uppercase">Reason</p>
          <p className="mt-1 break-words whitespace-pre-line text-slate-100">{trimmed}</p>
        </div>
      </Modal>
    );
  }

  return (
    <Modal key="reason" title={confirmTitle('reject', count)} onClose={onCancel} initialFocus={textarea}>
      <form onSubmit={submitReason} className="space-y-3">
        <div className="flex items-end gap-3">
          <div className="min-w-0 flex-1">
            <ReasonTemplatePicker
              onPick={(text) => {
                setReason(text.slice(0, MAX_REJECTION_REASON));
                missing.clear();
                textarea.current?.focus();
              }}
            />
          </div>
          <Button variant="ghost" size="sm" className="mb-1" onClick={() => setStep('manage')}>
            {liveText.manageReasons}
          </Button>
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
          onChange={(e) => {
            setReason(e.target.value);
            missing.clear();
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
              e.preventDefault();
              e.currentTarget.form?.requestSubmit();
            }
          }}
          placeholder={count === 1 ? 'Why is this advertisement rejected?' : 'Why are these advertisements rejected?'}
          className={cx(inputClass, 'resize-y text-sm')}
        />
        <p className="text-right text-xs text-slate-400 tabular-nums">
          {reason.length}/{MAX_REJECTION_REASON}
        </p>
        {missing.message && <Banner message={missing.message} />}
        <div className="flex justify-end gap-2 pt-2">
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" disabled={!trimmed}>
            Reject
          </Button>
        </div>
      </form>
    </Modal>
  );
}

export function DeleteModal({ busy, onCancel, onConfirm }: Omit<ApproveModalProps, 'count'>) {
  return (
    <ConfirmDeleteModal title="Confirm Delete" busy={busy} onCancel={onCancel} onConfirm={onConfirm}>
      <p>{deleteConfirmText}</p>
    </ConfirmDeleteModal>
  );
}

/** Whichever moderation dialog is open. */
export function ModerationModals({
  dialog,
  busy,
  onCancel,
  onConfirm,
}: {
  dialog: ModerationDialog;
  busy: boolean;
  onCancel: () => void;
  onConfirm: (reason?: string) => void;
}) {
  if (!dialog) return null;
  if (dialog.kind === 'delete') return <DeleteModal busy={busy} onCancel={onCancel} onConfirm={() => onConfirm()} />;
  if (dialog.kind === 'approve')
    return <ApproveModal count={dialog.ids.length} busy={busy} onCancel={onCancel} onConfirm={() => onConfirm()} />;
  return <RejectModal count={dialog.ids.length} busy={busy} onCancel={onCancel} onConfirm={onConfirm} />;
}
