import type { Advertisement } from '@backoffice/contract';

/** The admin reviewing `ad` if that is someone else and the claim has not run out, else null. */
export function claimedByOther(ad: Pick<Advertisement, 'claim'>, selfId: string | undefined, now: number) {
  const claim = ad.claim;
  if (!claim || claim.by._id === selfId) return null;
  return Date.parse(claim.expiresAt) > now ? claim.by : null;
}
