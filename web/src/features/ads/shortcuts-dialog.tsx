import { liveText } from '@backoffice/contract';
import { Button, Modal } from '../../components/ui';
import { REVIEW_SHORTCUTS } from './use-review-keys';

const kbdClass =
  'inline-flex min-w-7 justify-center rounded-md border border-slate-700 bg-slate-800 px-1.5 py-0.5 font-mono text-xs text-slate-100';

/** The list of review shortcuts ("?" or the Keyboard shortcuts button). */
export function ShortcutsDialog({ onClose }: { onClose: () => void }) {
  return (
    <Modal
      title={liveText.shortcuts}
      onClose={onClose}
      actions={
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      }
    >
      <dl className="divide-y divide-slate-800">
        {REVIEW_SHORTCUTS.map(({ keys, action }) => (
          <div key={action} className="flex items-center justify-between gap-4 py-2">
            <dt className="flex gap-1">
              {keys.map((key) => (
                <kbd key={key} className={kbdClass}>
                  {key}
                </kbd>
              ))}
            </dt>
            <dd className="text-slate-300">{action}</dd>
          </div>
        ))}
      </dl>
      <p className="text-xs text-slate-400">Shortcuts do nothing while you type in a field or a dialog is open.</p>
    </Modal>
  );
}
