import { useState } from 'react';
import { MoreHorizontal } from 'lucide-react';
import { focusRing } from './button';
import { cx } from './cx';
import { useRadix } from './radix-loader';
import type { RowMenuItem } from './row-menu-item';

const triggerClass = cx(
  'inline-flex size-8 items-center justify-center rounded-lg text-slate-400 transition-colors',
  'hover:bg-slate-800 hover:text-slate-100 data-[state=open]:bg-slate-800 data-[state=open]:text-slate-100',
  focusRing,
);

/**
 * The `⋯` button of a table row (the action cell) and its small menu (radix-parts.tsx). Until
 * the menu's code has loaded the button is a plain one; a press on it opens the menu once loaded.
 */
export function RowMenu({ label, items }: { label: string; items: RowMenuItem[] }) {
  const radix = useRadix();
  const [pressed, setPressed] = useState(false);
  if (radix)
    return <radix.RadixRowMenu label={label} items={items} triggerClassName={triggerClass} initiallyOpen={pressed} />;
  return (
    <button type="button" aria-label={label} className={triggerClass} onClick={() => setPressed(true)}>
      <MoreHorizontal className="size-5" aria-hidden="true" />
    </button>
  );
}
