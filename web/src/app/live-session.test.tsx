import { act, screen, waitFor } from '@testing-library/react';
import { STREAM_EVENTS } from '@backoffice/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeAd, makeList } from '../features/ads/ads-test-data';
import { jsonResponse, makeUser, renderApp, stubFetch } from '../test/render';
import { LIVE_RETRY_MS } from './live-events';
import { FakeEventSource } from '../test/fake-event-source';
import { freezeTime, settleUntil } from '../test/exact-timers';

const admin = makeUser();

/** The server: the session answers `session.status`; the ads list is counted. */
function fakeServer() {
  const session = { status: 200 };
  const calls: string[] = [];
  let held: Promise<void> = Promise.resolve();
  stubFetch(async (path) => {
    calls.push(path);
    if (path.startsWith('/api/advertisements/list')) await held;
    if (path === '/api/auth/session')
      return session.status === 200
        ? jsonResponse(admin)
        : jsonResponse({ success: false, message: 'Not signed in' }, session.status);
    if (path === '/api/notifications') return jsonResponse({ notifications: [] });
    if (path.startsWith('/api/advertisements/list'))
      return jsonResponse(makeList([makeAd({ heading: 'Land in Kandy' })]));
    if (path.startsWith('/api/rejection-reasons')) return jsonResponse({ success: true, reasons: [] });
    return jsonResponse({ success: false, message: 'Not found' }, 404);
  });
  return {
    session,
    /** Lists answer once `until` resolves. */
    holdLists: (until: Promise<void>) => (held = until),
    lists: () => calls.filter((c) => c.startsWith('/api/advertisements/list')).length,
    sessionChecks: () => calls.filter((c) => c === '/api/auth/session').length,
  };
}

async function renderDirectory() {
  const view = renderApp({ path: '/app/ads-directory', user: admin });
  await screen.findByText('Land in Kandy');
  await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
  const stream = FakeEventSource.instances[0]!;
  act(() => stream.open());
  return { ...view, stream };
}

const signInPage = () => screen.findByRole('heading', { name: 'Admin Panel Login' });

beforeEach(() => vi.stubGlobal('EventSource', FakeEventSource));
afterEach(() => {
  FakeEventSource.instances = [];
  vi.useRealTimers();
});

/** Issue 38.1 and 38.3 on the client (docs/decisions/0026-live-streams-and-sessions.md). */
describe('the live stream and the session', () => {
  it('goes to sign-in when the server ends the stream because the session ended', async () => {
    fakeServer();
    const { stream, store, router } = await renderDirectory();
    act(() => stream.dispatch(STREAM_EVENTS.signedOut));
    expect(await signInPage()).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(store.getState().user.currentUser).toBeNull();
    expect(stream.readyState).toBe(FakeEventSource.CLOSED);
    expect(FakeEventSource.instances).toHaveLength(1);
  });

  it('asks for the session when the server refuses a reconnection, and goes to sign-in on its 401', async () => {
    const server = fakeServer();
    const { stream, store } = await renderDirectory();
    server.session.status = 401;
    act(() => {
      stream.readyState = FakeEventSource.CLOSED;
      stream.dispatch('error');
    });
    expect(await signInPage()).toBeInTheDocument();
    expect(store.getState().user.currentUser).toBeNull();
  });

  it.each([
    ['answers 503 (a server going down)', 503],
    ['finds the session good', 200],
  ])(
    'stays signed in when the session check of a refused reconnection %s, and opens a new stream later',
    async (_, status) => {
      const server = fakeServer();
      const { stream, store } = await renderDirectory();
      server.session.status = status;
      const checks = server.sessionChecks();
      freezeTime();
      act(() => {
        stream.readyState = FakeEventSource.CLOSED;
        stream.dispatch('error');
      });
      // The session check answers (promises only) and the retry waits LIVE_RETRY_MS of the fake clock.
      await settleUntil(() => server.sessionChecks() > checks);
      await act(() => vi.advanceTimersByTimeAsync(LIVE_RETRY_MS - 1));
      expect(FakeEventSource.instances).toHaveLength(1);
      await act(() => vi.advanceTimersByTimeAsync(1));
      expect(FakeEventSource.instances).toHaveLength(2);
      expect(store.getState().user.currentUser).toEqual(admin);
    },
  );

  it('leaves a stream a newer tab replaced closed until this tab is shown, then reloads the list', async () => {
    const server = fakeServer();
    const { stream } = await renderDirectory();
    const lists = server.lists();
    freezeTime();
    act(() => stream.dispatch(STREAM_EVENTS.superseded));
    expect(stream.readyState).toBe(FakeEventSource.CLOSED);
    expect(screen.getByText('Reconnecting to live updates…')).toBeInTheDocument();
    // No retry of its own: two tabs would take turns closing each other.
    await act(() => vi.advanceTimersByTimeAsync(LIVE_RETRY_MS * 3));
    expect(FakeEventSource.instances).toHaveLength(1);
    act(() => void window.dispatchEvent(new Event('focus')));
    expect(FakeEventSource.instances).toHaveLength(2);
    act(() => FakeEventSource.instances[1]!.open());
    await settleUntil(() => server.lists() === lists + 1);
  });

  it('says live again only once the list reloaded after a refused reconnection has answered', async () => {
    const server = fakeServer();
    const { stream } = await renderDirectory();
    const lists = server.lists();
    freezeTime();
    act(() => {
      stream.readyState = FakeEventSource.CLOSED;
      stream.dispatch('error');
    });
    await act(() => vi.advanceTimersByTimeAsync(LIVE_RETRY_MS));
    const next = FakeEventSource.instances[1]!;
    let answer!: () => void;
    server.holdLists(new Promise<void>((resolve) => (answer = resolve)));
    act(() => next.open());
    await settleUntil(() => server.lists() === lists + 1);
    expect(screen.getByText('Reconnecting to live updates…')).toBeInTheDocument();
    answer();
    await settleUntil(() => screen.queryByText('Reconnecting to live updates…') === null);
  });

  it('loads the list again when a resume was too far behind to replay', async () => {
    const server = fakeServer();
    const { stream } = await renderDirectory();
    const lists = server.lists();
    act(() => stream.dispatch(STREAM_EVENTS.reload));
    await waitFor(() => expect(server.lists()).toBe(lists + 1));
    expect(FakeEventSource.instances).toHaveLength(1);
  });
});
