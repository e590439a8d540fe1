import { useState, type FormEvent } from 'react';
import {
  liveText,
  MAX_REASON_TEXT,
  MAX_REASON_TITLE,
  reasonMessages,
  rejectionReasonBody,
  type RejectionReasonTemplate,
} from '@backoffice/contract';
import { Banner, Button, Modal, TextAreaField, TextField, Toggle, useTimedMessage } from '../../components/ui';
import { serverMessage } from '../../lib/api';
import {
  useCreateRejectionReasonMutation,
  useDeleteRejectionReasonMutation,
  useListRejectionReasonsQuery,
  useUpdateRejectionReasonMutation,
} from './live-api';

import { applyFieldErrors } from '@backoffice/contract/field-errors';

// The template form validates with the contract's schema, in our sentences; loaded with this dialog only.
applyFieldErrors();

const RESULT_MESSAGE_MS = 5000;

interface Draft {
  id: string | null;
  title: string;
  text: string;
  active: boolean;
}
const emptyDraft: Draft = { id: null, title: '', text: '', active: true };
type FieldErrors = Partial<Record<'title' | 'text', string>>;

/** List, create, edit and delete the rejection-reason templates (reached from the Reject modal). */
export function ManageReasonsDialog({ onClose }: { onClose: () => void }) {
  const list = useListRejectionReasonsQuery();
  const [create, creating] = useCreateRejectionReasonMutation();
  const [update, updating] = useUpdateRejectionReasonMutation();
  const [remove, removing] = useDeleteRejectionReasonMutation();
  const [draft, setDraft] = useState<Draft>(emptyDraft);
  const [errors, setErrors] = useState<FieldErrors>({});
  const result = useTimedMessage(RESULT_MESSAGE_MS);
  const busy = creating.isLoading || updating.isLoading || removing.isLoading;
  const reasons = list.data?.reasons ?? [];

  function edit(reason: RejectionReasonTemplate) {
    setDraft({ id: reason._id, title: reason.title, text: reason.text, active: reason.status === 'active' });
    setErrors({});
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    const body = { title: draft.title, text: draft.text, status: draft.active ? 'active' : 'inactive' } as const;
    const parsed = rejectionReasonBody.safeParse(body);
    if (!parsed.success) {
      const next: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if ((field === 'title' || field === 'text') && !next[field]) next[field] = issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    const answer = draft.id ? await update({ id: draft.id, body: parsed.data }) : await create(parsed.data);
    if ('error' in answer) {
      result.show('error', serverMessage(answer.error, 'Failed to save the rejection reason'));
      return;
    }
    result.show('success', draft.id ? reasonMessages.updated : reasonMessages.created);
    setDraft(emptyDraft);
  }

  async function onDelete(reason: RejectionReasonTemplate) {
    if (!window.confirm(`Delete the template "${reason.title}"?`)) return;
    const answer = await remove(reason._id);
    if ('error' in answer) {
      result.show('error', serverMessage(answer.error, 'Failed to delete the rejection reason'));
      return;
    }
    result.show('success', reasonMessages.deleted);
    if (draft.id === reason._id) setDraft(emptyDraft);
  }

  return (
    <Modal
      title={liveText.manageReasons}
      onClose={onClose}
      className="max-w-2xl"
      actions={
        <Button variant="secondary" onClick={onClose}>
          Back
        </Button>
      }
    >
      {result.message && <Banner message={result.message} onDismiss={result.clear} />}
      {reasons.length === 0 ? (
        <p className="text-slate-400">{list.isLoading ? 'Loading…' : 'No templates yet.'}</p>
      ) : (
        <ul aria-label="Rejection reasons" className="max-h-56 divide-y divide-slate-800 overflow-y-auto">
          {reasons.map((reason) => (
            <li key={reason._id} className="flex items-start justify-between gap-3 py-2">
              <div className="min-w-0">
                <p className="font-medium text-slate-100">
                  {reason.title}
                  {reason.status === 'inactive' && <span className="ml-2 text-xs text-slate-400">(inactive)</span>}
                </p>
                <p className="line-clamp-2 text-xs text-slate-400">{reason.text}</p>
              </div>
              <div className="flex shrink-0 gap-1">
                <Button size="sm" variant="ghost" aria-label={`Edit ${reason.title}`} onClick={() => edit(reason)}>
                  Edit
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={`Delete ${reason.title}`}
                  disabled={busy}
                  onClick={() => onDelete(reason)}
                >
                  Delete
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={save} noValidate className="space-y-3 border-t border-slate-800 pt-3">
        <p className="font-medium text-slate-200">{draft.id ? 'Edit template' : 'New template'}</p>
        <TextField
          label="Title"
          value={draft.title}
          maxLength={MAX_REASON_TITLE}
          error={errors.title}
          onChange={(e) => setDraft((d) => ({ ...d, title: e.target.value }))}
        />
        <TextAreaField
          label="Reason text"
          value={draft.text}
          maxLength={MAX_REASON_TEXT}
          error={errors.text}
          onChange={(e) => setDraft((d) => ({ ...d, text: e.target.value }))}
        />
        <Toggle
          label="Offered in the Reject modal"
          checked={draft.active}
          onChange={(active) => setDraft((d) => ({ ...d, active }))}
          onText="Active"
          offText="Inactive"
        />
        <div className="flex justify-end gap-2">
          {draft.id && (
            <Button variant="ghost" onClick={() => setDraft(emptyDraft)} disabled={busy}>
              Cancel edit
            </Button>
          )}
          <Button type="submit" loading={busy} disabled={busy}>
            {draft.id ? 'Save template' : 'Add template'}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
