import { useState } from 'react';
import type { Advertisement, AdvertiserCard } from '@backoffice/contract';
import { vi } from 'vitest';
import { jsonResponse, makeUser, stubFetch } from '../../../test/render';
import { AdSidePanel } from '../ad-side-panel';
import { nextPendingAd } from './next-ad';

/** Test support for the side panel: a server kept in memory, and the panel as the page wires it. */

export const me = makeUser();
export const inAMinute = () => new Date(Date.now() + 60_000).toISOString();

export interface Call {
  method: string;
  path: string;
  body: unknown;
}

/** Answers the panel's calls: claims (mine), decisions, deletion, the advertiser card; records every call. */
export function panelServer(ads: Advertisement[], card: AdvertiserCard | null = null) {
  const calls: Call[] = [];
  const fetchMock = stubFetch(async () => jsonResponse({}));
  fetchMock.mockImplementation(async (input: RequestInfo | URL) => {
    const request = input as Request;
    const url = new URL(request.url);
    const body = request.method === 'GET' ? undefined : await request.json().catch(() => undefined);
    calls.push({ method: request.method, path: url.pathname, body });
    const id = url.pathname.split('/')[3] ?? '';
    const ad = ads.find((a) => a._id === id);
    if (url.pathname.endsWith('/advertiser')) return jsonResponse({ success: true, advertiser: card });
    if (request.method === 'GET' && url.pathname === `/api/advertisements/${id}`)
      return ad ? jsonResponse({ success: true, advertisement: ad }) : jsonResponse({ message: 'Not Found' }, 404);
    if (url.pathname.endsWith('/claim'))
      return request.method === 'DELETE'
        ? jsonResponse({ success: true })
        : jsonResponse({ success: true, claim: { by: { _id: me._id, name: me.name }, expiresAt: inAMinute() } });
    if (url.pathname.endsWith('/status') && ad) {
      const status = body as { status: Advertisement['status']; rejectionReason?: string };
      return jsonResponse({
        success: true,
        advertisement: { ...ad, status: status.status, rejectionReason: status.rejectionReason ?? null },
      });
    }
    if (request.method === 'DELETE' && ad) return jsonResponse({ success: true });
    return jsonResponse({ success: true, reasons: [], entries: [], messages: [] });
  });
  return {
    calls,
    of: (method: string, suffix: string) => calls.filter((c) => c.method === method && c.path.endsWith(suffix)),
  };
}

export interface HarnessProps {
  ads: Advertisement[];
  /** The list's view of an ad (live claim and status), by id. */
  live?: Record<string, Advertisement>;
}

export const panelHandlers = { onClose: vi.fn(), onMessage: vi.fn() };

/** The panel as the directory page wires it: it moves between `ads`, the view's order. */
export function Harness({ ads, live }: HarnessProps) {
  const [ad, setAd] = useState(ads[0]!);
  const [now] = useState(() => Date.now());
  const [open, setOpen] = useState(true);
  return (
    <AdSidePanel
      ad={ad}
      open={open}
      onClose={() => {
        panelHandlers.onClose();
        setOpen(false);
      }}
      onSaved={setAd}
      message={null}
      onMessage={panelHandlers.onMessage}
      liveAd={live?.[ad._id]}
      nextAd={nextPendingAd(ads, ad._id, me._id, now)}
      onOpenAd={setAd}
    />
  );
}
