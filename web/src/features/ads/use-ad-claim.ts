import { useCallback, useEffect, useRef, useState } from 'react';
import { adMessages, CLAIM_RENEW_MS, liveText, type AdClaim } from '@backoffice/contract';
import { serverMessage } from '../../lib/api';
import { useClaimAdMutation, useReleaseAdMutation } from './live-api';

export type ClaimState =
  | { kind: 'idle' }
  | { kind: 'mine' }
  /** Another admin holds the ad: the server's message ("Being reviewed by NAME") and their name. */
  | { kind: 'other'; message: string; name: string }
  /** The server refused the claim for another reason it states: this admin holds CLAIMS_PER_ADMIN already. */
  | { kind: 'refused'; message: string };

const PREFIX = liveText.beingReviewedBy('');

/** The holder's name from a 409's message ("Being reviewed by NAME"). */
function holderName(message: string): string {
  return message.startsWith(PREFIX) ? message.slice(PREFIX.length) : message;
}

const isConflict = (error: unknown) => (error as { status?: unknown } | undefined)?.status === 409;
/** A 409 for another reason (the ad was decided meanwhile) is not someone else's claim. */
const isHeldByOther = (error: unknown) => isConflict(error) && serverMessage(error, '').startsWith(PREFIX);
/** A 409 over the admin's cap of claims (liveText.claimLimit): said in the panel, with nothing to take over. */
const isOverCap = (error: unknown) =>
  isConflict(error) && !isHeldByOther(error) && serverMessage(error, adMessages.notPending) !== adMessages.notPending;

/**
 * Holds a claim on a pending ad while its side panel is open (contract/src/live.ts): claims on
 * open, renews every CLAIM_RENEW_MS, releases when the panel closes, moves to another ad, or the
 * ad stops being pending elsewhere. A decision made here releases it on the server: `settle` then
 * keeps the panel from releasing it again. When another admin holds it, says so and offers to take
 * it over.
 *
 * `liveClaim` is the ad's claim as the list has it, moved by the event stream: when it turns into
 * another admin's while this one is held, they took it over, and the panel says so at once rather
 * than at the next renewal (which would only be refused).
 */
export function useAdClaim(adId: string | undefined, active: boolean, liveClaim?: AdClaim | null, selfId?: string) {
  const [claim] = useClaimAdMutation();
  const [release] = useReleaseAdMutation();
  const [state, setState] = useState<ClaimState>({ kind: 'idle' });
  const held = useRef(false);
  const session = useRef(0);

  const take = useCallback(
    async (id: string, takeOver: boolean, token: number) => {
      const result = await claim({ id, takeOver });
      if (session.current !== token) {
        // The panel closed while the answer was on its way: give back what was just taken.
        if (!('error' in result)) void release(id);
        return;
      }
      if (!('error' in result)) {
        held.current = true;
        setState({ kind: 'mine' });
      } else if (isHeldByOther(result.error)) {
        held.current = false;
        const message = serverMessage(result.error, '');
        setState({ kind: 'other', message, name: holderName(message) });
      } else if (isOverCap(result.error)) {
        held.current = false;
        setState({ kind: 'refused', message: serverMessage(result.error, '') });
      }
      // Other failures (the network, a deleted ad) leave the panel usable; the server still refuses
      // a decision on an ad someone else holds.
    },
    [claim, release],
  );

  useEffect(() => {
    if (!adId || !active) return;
    const token = ++session.current;
    void take(adId, false, token);
    const renew = setInterval(() => {
      if (held.current) void take(adId, false, token);
    }, CLAIM_RENEW_MS);
    return () => {
      session.current += 1;
      clearInterval(renew);
      if (held.current) void release(adId);
      held.current = false;
      setState({ kind: 'idle' });
    };
  }, [adId, active, take, release]);

  // Only a change counts: the list may still show the claim this admin has just taken over. A
  // claim the stream announces is a live one (just taken or renewed).
  const [seen, setSeen] = useState(liveClaim);
  if (liveClaim !== seen) {
    setSeen(liveClaim);
    if (liveClaim && state.kind === 'mine' && liveClaim.by._id !== selfId) {
      const name = liveClaim.by.name;
      setState({ kind: 'other', message: liveText.beingReviewedBy(name), name });
    }
  }
  // Theirs now: no renewal, and nothing to release on close.
  useEffect(() => {
    if (state.kind === 'other') held.current = false;
  }, [state.kind]);

  const takeOver = useCallback(() => {
    if (!adId || state.kind !== 'other') return;
    if (!window.confirm(liveText.takeOverConfirm(state.name))) return;
    void take(adId, true, session.current);
  }, [adId, state, take]);

  /**
   * The ad was decided or deleted: the server let go of the claim in the same transaction, so the
   * panel moving on or closing has nothing to release (a release would only be refused).
   */
  const settle = useCallback(() => {
    held.current = false;
    setState({ kind: 'idle' });
  }, []);

  return { state, takeOver, settle };
}
