import type { ReactNode } from 'react';
import { Panel } from './card';

/** A muted message panel for screens with placeholder text only. */
export function Placeholder({ icon, children }: { icon?: ReactNode; children: ReactNode }) {
  return (
    <Panel className="flex flex-col items-center justify-center gap-3 py-16 text-center">
      {icon != null && (
        <div className="text-slate-400" aria-hidden="true">
          {icon}
        </div>
      )}
      <p className="text-slate-400">{children}</p>
    </Panel>
  );
}
