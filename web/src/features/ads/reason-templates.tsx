import { liveText, type RejectionReasonTemplate } from '@backoffice/contract';
import { SelectField } from '../../components/ui';
import { useListRejectionReasonsQuery } from './live-api';

/** How many templates have a key (Alt+1 … Alt+9 in the reason field). */
export const TEMPLATE_KEYS = 9;

/** The active rejection-reason templates, in the order the picker lists them. */
export function useActiveReasonTemplates(): RejectionReasonTemplate[] {
  const { data } = useListRejectionReasonsQuery();
  return (data?.reasons ?? []).filter((r) => r.status === 'active');
}

/** The template Alt+N picks in the reason field (`event.code` Digit1 … Digit9), if any. */
export function templateForKey(
  templates: readonly RejectionReasonTemplate[],
  event: { altKey: boolean; ctrlKey: boolean; metaKey: boolean; code: string },
): RejectionReasonTemplate | undefined {
  if (!event.altKey || event.ctrlKey || event.metaKey) return undefined;
  const match = /^Digit([1-9])$/.exec(event.code);
  return match ? templates[Number(match[1]) - 1] : undefined;
}

/**
 * The Reject dialog's template picker: choosing one fills the reason, which stays editable. The
 * first nine carry their key (Alt+1 … Alt+9, typed in the reason field).
 */
export function ReasonTemplatePicker({
  templates,
  value,
  onChange,
}: {
  templates: readonly RejectionReasonTemplate[];
  value: string;
  onChange: (template: RejectionReasonTemplate | null) => void;
}) {
  if (templates.length === 0) return null;
  return (
    <SelectField
      label={liveText.reasonTemplate}
      value={value}
      options={[
        { value: '', label: 'Choose a template…' },
        ...templates.map((r, i) => ({
          value: r._id,
          label: i < TEMPLATE_KEYS ? `${r.title} (Alt+${i + 1})` : r.title,
        })),
      ]}
      onChange={(id) => onChange(templates.find((r) => r._id === id) ?? null)}
    />
  );
}
