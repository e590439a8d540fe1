import { useCallback, useState } from 'react';
import type { Advertisement, AdStatus } from '@backoffice/contract';

/** Selected ids with the status each had when last seen (selection may span pages). */
export type Selection = ReadonlyMap<string, AdStatus>;
type AdLike = Pick<Advertisement, '_id' | 'status'>;
/** True for an ad another admin is reviewing now (its checkbox is disabled; the server would refuse it with 409). */
export type HeldByOther<T extends AdLike = AdLike> = (ad: T) => boolean;

const isPending = (ad: AdLike) => ad.status === 'pending';
const nobody: HeldByOther = () => false;
const selectable =
  <T extends AdLike>(held: HeldByOther<T>) =>
  (ad: T) =>
    isPending(ad) && !held(ad);

/**
 * docs/product.md#states-and-transitions: true only when every pending ad on the page is selected and at least one exists.
 * Ads another admin is reviewing cannot be ticked, so they do not count.
 */
export function isAllPendingSelected<T extends AdLike>(
  pageAds: readonly T[],
  selected: Selection,
  held: HeldByOther<T> = nobody,
): boolean {
  const pending = pageAds.filter(selectable(held));
  return pending.length > 0 && pending.every((ad) => selected.has(ad._id));
}

/**
 * docs/product.md#states-and-transitions: select-all selects only the pending ads of the current view; a second click clears them.
 * It skips the ads another admin is reviewing (their rows say who).
 */
export function toggleAllPending<T extends AdLike>(
  pageAds: readonly T[],
  selected: Selection,
  held: HeldByOther<T> = nobody,
): Map<string, AdStatus> {
  const next = new Map(selected);
  const pending = pageAds.filter(selectable(held));
  if (isAllPendingSelected(pageAds, selected, held)) pending.forEach((ad) => next.delete(ad._id));
  else pending.forEach((ad) => next.set(ad._id, ad.status));
  return next;
}

/** Approved and rejected ads cannot be selected (docs/product.md#states-and-transitions), nor one another admin is reviewing. */
export function toggleOne<T extends AdLike>(
  ad: T,
  selected: Selection,
  held: HeldByOther<T> = nobody,
): Map<string, AdStatus> {
  const next = new Map(selected);
  if (next.has(ad._id)) next.delete(ad._id);
  else if (selectable(held)(ad)) next.set(ad._id, ad.status);
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

export function useAdsSelection<T extends AdLike>(pageAds: readonly T[], held: HeldByOther<T> = nobody) {
  const [selected, setSelected] = useState<Selection>(() => new Map());
  // An ad that stops being pending (another admin moderated it) loses its checkbox, and one another
  // admin starts reviewing has it disabled, so it leaves the selection too: no warning may name an
  // ad the user cannot untick. Adjusted as the page arrives.
  const moderated = pageAds.filter((ad) => !selectable(held)(ad) && selected.has(ad._id));
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
    allSelected: isAllPendingSelected(pageAds, selected, held),
    pagePendingCount: pageAds.filter(isPending).length,
    /** Pending ads on the page the select-all ticks: those no other admin is reviewing. */
    pageSelectableCount: pageAds.filter(selectable(held)).length,
    toggle: (ad: T) => setSelected((s) => toggleOne(ad, s, held)),
    toggleAll: () => setSelected((s) => toggleAllPending(pageAds, s, held)),
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
