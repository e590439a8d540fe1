import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import type { AdvertiserMessage } from '@backoffice/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeStore } from '../../app/store';
import { jsonResponse, stubFetch } from '../../test/render';
import { AdMessageLine, timeAgo } from './ad-message-line';

const AD = '6a1c1f8e-1d3b-4c59-9c39-4d7b8f0e2a11';

function message(overrides: Partial<AdvertiserMessage> = {}): AdvertiserMessage {
  return {
    id: 7,
    adId: AD,
    adHeading: 'Toyota Aqua 2015',
    userId: null,
    kind: 'rejected',
    channel: 'email',
    recipient: 'nimal@example.lk',
    status: 'sent',
    attempts: 1,
    lastError: null,
    createdAt: new Date(Date.now() - 3 * 60_000).toISOString(),
    updatedAt: new Date(Date.now() - 2 * 60_000).toISOString(),
    nextAttemptAt: null,
    sentAt: new Date(Date.now() - 2 * 60_000 - 5_000).toISOString(),
    ...overrides,
  };
}

function list(messages: AdvertiserMessage[]) {
  return jsonResponse({ messages, total: messages.length, page: 1, pageSize: 1 });
}

function renderLine() {
  render(
    <Provider store={makeStore()}>
      <AdMessageLine adId={AD} />
    </Provider>,
  );
}

describe('AdMessageLine', () => {
  // The line counts minutes from now: the clock stands still, only Date is faked.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-23T10:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('says when the advertiser was emailed, asking for that ad only', async () => {
    const fetch = stubFetch(async () => list([message()]));
    renderLine();
    expect(await screen.findByTestId('advertiser-message-line')).toHaveTextContent('Advertiser emailed 2 min ago');
    expect(fetch.mock.calls.length).toBe(1);
    const url = new URL((fetch.mock.calls[0]![0] as Request).url);
    expect(url.pathname).toBe('/api/advertiser-messages');
    expect(Object.fromEntries(url.searchParams)).toEqual({ adId: AD, pageSize: '1' });
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });

  it('says an SMS is queued', async () => {
    stubFetch(async () => list([message({ channel: 'sms', status: 'queued', sentAt: null })]));
    renderLine();
    expect(await screen.findByTestId('advertiser-message-line')).toHaveTextContent('SMS to the advertiser queued');
  });

  it('shows nothing when the ad has no message', async () => {
    const fetch = stubFetch(async () => list([]));
    renderLine();
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(screen.queryByTestId('advertiser-message-line')).not.toBeInTheDocument();
  });

  it('shows a failure with its error, and Retry sends it again and reads the line anew', async () => {
    let failed = true;
    const fetch = stubFetch(async (path, init) => {
      if (path === '/api/advertiser-messages/7/retry') {
        failed = false;
        return jsonResponse({ success: true, message: message({ status: 'queued' }) });
      }
      void init;
      return list([
        failed
          ? message({ status: 'failed', lastError: 'mailbox unavailable', sentAt: null })
          : message({ status: 'queued', sentAt: null }),
      ]);
    });
    renderLine();
    expect(await screen.findByTestId('advertiser-message-line')).toHaveTextContent('Email failed: mailbox unavailable');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Email to the advertiser queued')).toBeInTheDocument();
    const retry = fetch.mock.calls.map((c) => c[0] as Request).find((r) => r.url.endsWith('/retry'));
    expect(retry?.method).toBe('POST');
  });

  it('says so when a retry is refused', async () => {
    stubFetch(async (path) =>
      path.endsWith('/retry')
        ? jsonResponse({ success: false, message: 'Only a failed message can be retried' }, 409)
        : list([message({ status: 'failed', lastError: 'mailbox unavailable', sentAt: null })]),
    );
    renderLine();
    await userEvent.click(await screen.findByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Could not retry the message')).toBeInTheDocument();
  });

  it('counts time in minutes, hours and days', () => {
    const now = Date.parse('2026-11-23T10:00:00Z');
    expect(timeAgo('2026-11-23T09:59:30Z', now)).toBe('just now');
    expect(timeAgo('2026-11-23T09:58:00Z', now)).toBe('2 min ago');
    expect(timeAgo('2026-11-23T07:00:00Z', now)).toBe('3 h ago');
    expect(timeAgo('2026-11-21T09:00:00Z', now)).toBe('2 d ago');
  });
});
