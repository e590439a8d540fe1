import type { ReactNode } from 'react';
import { Button } from './button';

/** A view panel's footer: Close, then the panel's one action (Edit, Open user page). */
export function ViewPanelFooter({ onClose, children }: { onClose: () => void; children: ReactNode }) {
  return (
    <>
      <Button variant="secondary" onClick={onClose}>
        Close
      </Button>
      {children}
    </>
  );
}

export interface FormPanelFooterProps {
  /** The form the submit button sends (it sits outside the form, in the sticky footer). */
  formId: string;
  onCancel: () => void;
  saving: boolean;
  /** Cancel waits too while saving. */
  lockCancel?: boolean;
  /** The submit button's label. */
  children: ReactNode;
}

/** A form panel's footer: Cancel, then submit. */
export function FormPanelFooter({ formId, onCancel, saving, lockCancel, children }: FormPanelFooterProps) {
  return (
    <>
      <Button variant="secondary" onClick={onCancel} disabled={lockCancel ? saving : undefined}>
        Cancel
      </Button>
      <Button type="submit" form={formId} loading={saving} disabled={saving}>
        {children}
      </Button>
    </>
  );
}
