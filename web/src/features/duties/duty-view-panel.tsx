import type { Duty } from '@backoffice/contract';
import { Button, SidePanel, StatusBadge, Detail, ViewPanelFooter } from '../../components/ui';
import { RichText } from './rich-text';

/** View duty (docs/product.md#duties): the conditions rendered as (sanitised) rich text. */
export function DutyViewPanel({
  duty,
  open,
  onClose,
  onEdit,
}: {
  duty: Duty;
  open: boolean;
  onClose: () => void;
  /** Left out for a role without duties.write: no Edit. */
  onEdit?: (duty: Duty) => void;
}) {
  return (
    <SidePanel
      title="Duty Details"
      open={open}
      onRequestClose={onClose}
      footer={
        <ViewPanelFooter onClose={onClose}>
          {onEdit && <Button onClick={() => onEdit(duty)}>Edit</Button>}
        </ViewPanelFooter>
      }
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="font-mono text-xs text-slate-400">{duty.id}</p>
          <h3 className="mt-1 text-lg font-semibold break-words text-slate-100">{duty.title}</h3>
        </div>
        <StatusBadge status={duty.status} />
      </div>
      <dl className="mt-6 space-y-5">
        <Detail label="Description">
          <span className="whitespace-pre-line text-slate-300">{duty.description}</span>
        </Detail>
        <div>
          <dt className="text-xs font-medium tracking-wide text-slate-400 uppercase">
            Conditions <span className="tabular-nums">({duty.conditions.length})</span>
          </dt>
          <dd className="mt-2">
            <ol className="space-y-2" aria-label="Conditions">
              {duty.conditions.map((condition, i) => (
                <li
                  key={i}
                  className="flex gap-3 rounded-lg border border-slate-800 bg-slate-950/40 px-3 py-2.5 text-sm leading-relaxed text-slate-300"
                >
                  <span className="font-mono text-xs leading-6 text-slate-400 tabular-nums" aria-hidden="true">
                    {i + 1}.
                  </span>
                  <RichText html={condition} className="min-w-0 break-words" />
                </li>
              ))}
            </ol>
          </dd>
        </div>
      </dl>
    </SidePanel>
  );
}
