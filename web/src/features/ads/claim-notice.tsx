import { liveText } from '@backoffice/contract';
import { Button } from '../../components/ui';
import type { ClaimState } from './use-ad-claim';

/**
 * Shown at the top of the side panel while another admin reviews the ad (with Take over), or when
 * the server refused this admin's claim (over their cap of claims: the server's message alone).
 */
export function ClaimNotice({ state, onTakeOver, id }: { state: ClaimState; onTakeOver: () => void; id?: string }) {
  if (state.kind === 'refused')
    return (
      <div role="status" className="mb-4 rounded-lg border border-amber-500/30 bg-amber-500/10 px-3 py-2">
        <p className="text-sm text-amber-200">{state.message}</p>
      </div>
    );
  if (state.kind !== 'other') return null;
  return (
    <div
      role="status"
      className="mb-4 flex items-center justify-between gap-3 rounded-lg border border-amber-500/30 bg-amber-500/10 px-3 py-2"
    >
      <p id={id} className="text-sm text-amber-200">
        {state.message}
      </p>
      <Button size="sm" variant="secondary" onClick={onTakeOver}>
        {liveText.takeOver}
      </Button>
    </div>
  );
}
