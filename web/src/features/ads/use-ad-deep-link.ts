import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import type { Advertisement } from '@backoffice/contract';

/**
 * `?ad=<id>` (links from the activity log come with the ad's heading as the search): opens that
 * ad's side panel once it is among the rows, once per navigation.
 */
export function useAdDeepLink(ads: Advertisement[], open: (ad: Advertisement) => void) {
  const location = useLocation();
  const id = new URLSearchParams(location.search).get('ad');
  const opened = useRef<string | null>(null);
  useEffect(() => {
    if (!id || opened.current === location.key) return;
    const ad = ads.find((a) => a._id === id);
    if (!ad) return;
    opened.current = location.key;
    open(ad);
  }, [ads, id, location.key, open]);
}
