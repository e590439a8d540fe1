import { liveText } from '@backoffice/contract';
import { Button, Modal } from '../../components/ui';
import { REVIEW_SHORTCUT_GROUPS } from './use-review-keys';

const kbdClass =
  'inline-flex min-w-7 justify-center rounded-md border border-slate-700 bg-slate-800 px-1.5 py-0.5 font-mono text-xs text-slate-100';

/** Every review shortcut ("?" or the Keyboard shortcuts button): the list's, the panel's, the confirmations'. */
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
      {REVIEW_SHORTCUT_GROUPS.map((group) => (
        <section key={group.title} aria-label={group.title}>
          <h3 className="text-xs font-medium tracking-wide text-slate-400 uppercase">{group.title}</h3>
          <dl className="divide-y divide-slate-800">
            {group.shortcuts.map(({ keys, action }) => (
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
        </section>
      ))}
      <p className="text-xs text-slate-400">
        The list&apos;s and the panel&apos;s keys do nothing while you type in a field or a dialog is over them.
      </p>
    </Modal>
  );
}
