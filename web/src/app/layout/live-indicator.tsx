import { liveText } from '@backoffice/contract';
import { useLiveStatus } from '../../lib/live-status';

/** A quiet note while the live stream reconnects by itself; nothing while connected. */
export function LiveIndicator() {
  const status = useLiveStatus();
  return (
    <div role="status" className="pointer-events-none fixed bottom-4 left-4 z-30 lg:left-72">
      {status === 'reconnecting' && (
        <p className="flex items-center gap-2 rounded-full border border-slate-800 bg-slate-900/90 px-3 py-1 text-xs text-slate-400">
          <span className="size-1.5 animate-pulse rounded-full bg-amber-400" aria-hidden="true" />
          {liveText.reconnecting}
        </p>
      )}
    </div>
  );
}
