import { useCallback, useState } from 'react';
import type { Advertisement, AdStatus } from '@backoffice/contract';

/** Selected ids with the status each had when last seen (selection may span pages). */
export type Selection = ReadonlyMap<string, AdStatus>;
type AdLike = Pick<Advertisement, '_id' | 'status'>;

const isPending = (ad: AdLike) => ad.status === 'pending';

/** docs/product.md#states-and-transitions: true only when every pending ad on the page is selected and at least one exists. */
export function isAllPendingSelected(pageAds: readonly AdLike[], selected: Selection): boolean {
  const pending = pageAds.filter(isPending);
  return pending.length > 0 && pending.every((ad) => selected.has(ad._id));
}

/** docs/product.md#states-and-transitions: select-all selects only the pending ads of the current view; a second click clears them. */
export function toggleAllPending(pageAds: readonly AdLike[], selected: Selection): Map<string, AdStatus> {
  const next = new Map(selected);
  const pending = pageAds.filter(isPending);
  if (isAllPendingSelected(pageAds, selected)) pending.forEach((ad) => next.delete(ad._id));
  else pending.forEach((ad) => next.set(ad._id, ad.status));
  return next;
}

/** Approved and rejected ads cannot be selected (docs/product.md#states-and-transitions). */
export function toggleOne(ad: AdLike, selected: Selection): Map<string, AdStatus> {
  const next = new Map(selected);
  if (next.has(ad._id)) next.delete(ad._id);
  else if (isPending(ad)) next.set(ad._id, ad.status);
  return next;
}

/**
 * Splits the selection by the freshest known status: the current page's rows win over what was
 * remembered, so an ad moderated elsewhere since it was ticked counts as not pending.
 */
export function splitSelection(selected: Selection, pageAds: readonly AdLike[]) {
  const current = new Map(pageAds.map((ad) => [ad._id, ad.status]));
  const pending: string[] = [];
  const nonPending: string[] = [];
  for (const [id, status] of selected) {
    if ((current.get(id) ?? status) === 'pending') pending.push(id);
    else nonPending.push(id);
  }
  return { pending, nonPending };
}

export function useAdsSelection(pageAds: readonly AdLike[]) {
  const [selected, setSelected] = useState<Selection>(() => new Map());
  // An ad that stops being pending (another admin moderated it) loses its checkbox, so it leaves the
  // selection too: no warning may name an ad the user cannot untick. Adjusted as the page arrives.
  const moderated = pageAds.filter((ad) => !isPending(ad) && selected.has(ad._id));
  if (moderated.length > 0) {
    const next = new Map(selected);
    moderated.forEach((ad) => next.delete(ad._id));
    setSelected(next);
  }
  const { pending, nonPending } = splitSelection(selected, pageAds);
  return {
    selected,
    pendingIds: pending,
    nonPendingIds: nonPending,
    isSelected: (id: string) => selected.has(id),
    allSelected: isAllPendingSelected(pageAds, selected),
    pagePendingCount: pageAds.filter(isPending).length,
    toggle: (ad: AdLike) => setSelected((s) => toggleOne(ad, s)),
    toggleAll: () => setSelected((s) => toggleAllPending(pageAds, s)),
    remove: useCallback(
      (ids: readonly string[]) =>
        setSelected((s) => {
          const next = new Map(s);
          ids.forEach((id) => next.delete(id));
          return next;
        }),
      [],
    ),
  };
}
