import { useId, useRef, useState } from 'react';
import { adMessages, type Advertisement } from '@backoffice/contract';
import { useSelector } from 'react-redux';
import { Banner, Button, SidePanel, StatusBadge, type BannerMessage } from '../../components/ui';
import { isHttpError } from '../../lib/api';
import { useCan } from '../../lib/permissions';
import { selectCurrentUser } from '../../lib/session-events';
import { useNow } from '../../lib/use-now';
import { formatAdId } from './ad-format';
import { AdHistory } from './ad-history';
import { AdMessageLine } from './ad-message-line';
import { useUpdateAdImagesMutation } from './ads-api';
import { ClaimNotice } from './claim-notice';
import { ModerationModals } from './moderation-modals';
import { AdDetails } from './panel/ad-details';
import { AdvertiserCard } from './panel/advertiser-card';
import { DecisionFooter } from './panel/decision-footer';
import { ImageGrid, type Kept } from './panel/image-grid';
import { useStayOnDecided } from './panel/use-stay-on-decided';
import { DuplicatesGroup } from './signals/duplicates-group';
import { SignalsSection } from './signals/signals-section';
import { useAdClaim } from './use-ad-claim';
import { useAdModeration, type Decision } from './use-ad-moderation';
import { usePanelReviewKeys } from './use-review-keys';

export interface AdSidePanelProps {
  /** The ad shown (its images as last saved). */
  ad: Advertisement;
  /** False while sliding out. */
  open: boolean;
  /** The panel has decided to close (after asking about unsaved images), or the ad was deleted. */
  onClose: () => void;
  /** The ad as the server now has it: images saved, or decided while the panel stays on it. */
  onSaved: (ad: Advertisement) => void;
  /** The page's result banner, shown here while the panel covers the page. */
  message: BannerMessage | null;
  onMessage: (message: BannerMessage) => void;
  /** The same ad as the list has it now (live events move its status and claim), when it is on the page. */
  liveAd?: Advertisement;
  /**
   * Where a decision moves the panel: the next pending ad of the current view after this one that
   * no other admin is reviewing (panel/next-ad.ts), or null for none (the panel then stays).
   */
  nextAd?: Advertisement | null;
  /** Shows another ad in this panel (the next one after a decision, or one of the advertiser's). */
  onOpenAd?: (ad: Advertisement) => void;
}

/**
 * "Ad Details/Image Review" (docs/product.md#ads-moderation), the review workbench: the whole ad and
 * its advertiser, the images (enlarge, remove, Cancel, Save), the history, and the decisions.
 * While open on a pending ad it holds the ad's claim (use-ad-claim.ts) until a decision, a close,
 * or expiry. A decision moves on to `nextAd` unless the "stay" setting is on. Closing with unsaved
 * removals asks first, with the browser's confirm.
 */
export function AdSidePanel(props: AdSidePanelProps) {
  const { ad, open, onClose, onSaved, message, onMessage, nextAd = null, onOpenAd } = props;
  const current = props.liveAd?._id === ad._id ? props.liveAd : ad;
  const pending = current.status === 'pending';
  const original: Kept = ad.images.map((path, index) => ({ path, index }));
  const [kept, setKept] = useState<Kept>(original);
  // After a save, or on moving to another ad, the images shown become the new starting point.
  const [baseline, setBaseline] = useState(ad.images);
  if (baseline !== ad.images) {
    setBaseline(ad.images);
    setKept(original);
  }
  const [save, { isLoading: saving }] = useUpdateAdImagesMutation();
  const modified = kept.length !== original.length;
  const heading = useRef<HTMLHeadingElement>(null);
  const now = useNow();
  const selfId = useSelector(selectCurrentUser)?._id;
  // Support neither moderates nor claims (docs/decisions/0033-roles.md): the server would refuse both.
  const canModerate = useCan('ads.moderate');
  const claim = useAdClaim(ad._id, open && pending && canModerate, current.claim, selfId);
  const [stay, setStay] = useStayOnDecided();
  const blockedBy = claim.state.kind === 'other' ? claim.state.message : null;
  const noticeId = useId();

  const moderation = useAdModeration({
    showResult: onMessage,
    showSelectionMessage: onMessage,
    unselect: () => {},
    onDeleted: () => {},
    onDecided: (decision: Decision) => {
      // The server let go of the claim with the decision: nothing to release on moving or closing.
      claim.settle();
      if (decision.kind === 'delete') onClose();
      else if (!stay && nextAd) onOpenAd?.(nextAd);
      else if (decision.ad) onSaved(decision.ad);
    },
    // Focus follows the panel's content: the next ad's heading (or the decided one's).
    afterDecided: (decision) => {
      if (decision.kind !== 'delete') heading.current?.focus();
    },
  });
  const decide = (act: (ad: Advertisement) => void) => () => {
    if (pending && blockedBy === null) act(current);
  };
  const inside = useRef<HTMLDivElement>(null);
  usePanelReviewKeys(
    inside,
    { approve: decide(moderation.approve), reject: decide(moderation.reject) },
    open && pending && canModerate && blockedBy === null && !moderation.dialog,
  );

  function requestClose() {
    if (modified && !window.confirm(adMessages.unsavedImages)) return;
    onClose();
  }

  async function onSave() {
    const result = await save({ id: ad._id, images: kept.map((k) => k.path) });
    if ('error' in result) {
      // docs/product.md#calls: only the ok flag is read, so an answer gives the first text, a failed call the fallback.
      const text = isHttpError(result.error) ? adMessages.imagesFailed : adMessages.imagesFailedFallback;
      onMessage({ tone: 'error', text });
      return;
    }
    onMessage({ tone: 'success', text: adMessages.imagesUpdated });
    onSaved(result.data.advertisement);
  }

  return (
    <SidePanel
      title="Ad Details/Image Review"
      open={open}
      onRequestClose={requestClose}
      className="max-w-5xl"
      footer={
        <DecisionFooter
          pending={pending}
          blockedBy={blockedBy}
          blockedNoticeId={noticeId}
          movesOn={!stay && nextAd !== null}
          stay={stay}
          onStay={setStay}
          onApprove={decide(moderation.approve)}
          onReject={decide(moderation.reject)}
          onDelete={() => moderation.remove(current)}
        />
      }
    >
      <div ref={inside} className="lg:grid lg:grid-cols-[minmax(0,1fr)_18rem] lg:items-start lg:gap-6">
        <div className="min-w-0">
          <ClaimNotice id={noticeId} state={claim.state} onTakeOver={claim.takeOver} />
          {message && (
            <div className="mb-4">
              <Banner message={message} />
            </div>
          )}
          <div className="flex items-start justify-between gap-3">
            <div className="min-w-0">
              <p className="font-mono text-xs text-slate-400">{formatAdId(ad._id)}</p>
              <h3
                ref={heading}
                tabIndex={-1}
                className="mt-1 text-lg font-semibold break-words text-slate-100 focus:outline-none"
              >
                {ad.heading}
              </h3>
            </div>
            <StatusBadge status={current.status} />
          </div>
          <SignalsSection ad={current} />
          <AdDetails ad={current} now={now} />
          {current.status !== 'pending' && <AdMessageLine adId={ad._id} />}
          <DuplicatesGroup
            key={`duplicates-${ad._id}`}
            ad={current}
            onOpenAd={onOpenAd}
            onMessage={onMessage}
            onSelfDecided={(decided) => {
              // The server let go of the claim with the decision, as after the footer's.
              claim.settle();
              onSaved(decided);
            }}
          />

          <ImageGrid
            key={ad._id}
            ad={ad}
            kept={kept}
            onRemove={canModerate ? (index) => setKept((list) => list.filter((k) => k.index !== index)) : undefined}
          />
          {canModerate && (
            <div className="mt-3 flex items-center justify-end gap-2">
              {modified && <p className="mr-auto text-sm text-amber-300">Images modified</p>}
              <Button size="sm" variant="secondary" disabled={!modified || saving} onClick={() => setKept(original)}>
                Cancel
              </Button>
              <Button size="sm" data-save-images disabled={!modified || saving} loading={saving} onClick={onSave}>
                Save
              </Button>
            </div>
          )}
          <AdHistory adId={ad._id} />
        </div>
        <div className="mt-6 lg:mt-0">
          <AdvertiserCard adId={ad._id} onOpenAd={onOpenAd} />
        </div>
      </div>
      <ModerationModals
        dialog={moderation.dialog}
        busy={moderation.busy}
        blockedBy={blockedBy}
        onCancel={moderation.cancel}
        onConfirm={moderation.confirm}
      />
    </SidePanel>
  );
}
