import { useState } from 'react';
import { liveText } from '@backoffice/contract';
import { SelectField } from '../../components/ui';
import { useListRejectionReasonsQuery } from './live-api';

/** The Reject modal's template picker: choosing one fills the reason, which stays editable. */
export function ReasonTemplatePicker({ onPick }: { onPick: (text: string) => void }) {
  const { data } = useListRejectionReasonsQuery();
  const [picked, setPicked] = useState('');
  const active = (data?.reasons ?? []).filter((r) => r.status === 'active');
  if (active.length === 0) return null;
  return (
    <SelectField
      label={liveText.reasonTemplate}
      value={picked}
      options={[{ value: '', label: 'Choose a template…' }, ...active.map((r) => ({ value: r._id, label: r.title }))]}
      onChange={(id) => {
        setPicked(id);
        const template = active.find((r) => r._id === id);
        if (template) onPick(template.text);
      }}
    />
  );
}
