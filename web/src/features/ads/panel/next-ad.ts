import type { Advertisement } from '@backoffice/contract';
import { claimedByOther } from '../ad-claim';

/**
 * The ad a decision in the panel moves on to: the first pending ad after `currentId` in the view's
 * order that no other admin is reviewing, or null. When `currentId` is no longer in the view (it
 * left it), the first such ad of the view.
 */
export function nextPendingAd(
  ads: readonly Advertisement[],
  currentId: string,
  selfId: string | undefined,
  now: number,
): Advertisement | null {
  const at = ads.findIndex((ad) => ad._id === currentId);
  const after = ads.slice(at + 1);
  return after.find((ad) => ad.status === 'pending' && claimedByOther(ad, selfId, now) === null) ?? null;
}
