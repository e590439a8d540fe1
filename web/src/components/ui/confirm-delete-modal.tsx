import type { ReactNode } from 'react';
import { Button } from './button';
import { Modal } from './modal';

export interface ConfirmDeleteModalProps {
  title: string;
  /** The delete request is under way: both buttons wait, Delete shows its spinner. */
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
  /** The question, then what is about to go. */
  children: ReactNode;
}

/** The Delete confirmation of a list screen: Cancel, then Delete. */
export function ConfirmDeleteModal({ title, busy, onCancel, onConfirm, children }: ConfirmDeleteModalProps) {
  return (
    <Modal
      title={title}
      onClose={onCancel}
      actions={
        <>
          <Button variant="secondary" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          <Button variant="danger" onClick={onConfirm} loading={busy} disabled={busy}>
            Delete
          </Button>
        </>
      }
    >
      {children}
    </Modal>
  );
}
