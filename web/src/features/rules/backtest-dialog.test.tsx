import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { testDrivenTimers } from '../../test/exact-timers';
import { jsonResponse, makeUser, renderApp } from '../../test/render';
import { adLink } from '../../lib/activity-format';
import { BACKTEST_POLL_MS } from './backtest-dialog';
import { RulesPage } from './rules-page';
import { fakeRulesServer, makeBacktest, type Call } from './rules-test-server';

const routes = [
  { path: '/app/rules', Component: RulesPage },
  { path: '/app/ads-directory', element: <h1>Directory</h1> },
];
const backtestPath = '/api/moderation-rules/10000000-0000-4000-8000-000000000001/backtest';
const pollPath =
  '/api/moderation-rules/10000000-0000-4000-8000-000000000001/backtests/20000000-0000-4000-8000-000000000001';

async function openDialog(handle: (call: Call) => Response | undefined) {
  const server = fakeRulesServer({ handle });
  const view = renderApp({ path: '/app/rules', user: makeUser(), routes });
  await screen.findByRole('row', { name: /Job fee/ });
  return { server, view };
}

async function start(user: ReturnType<typeof userEvent.setup>, limit: string) {
  await user.click(screen.getByRole('button', { name: 'Test Job fee' }));
  const dialog = await screen.findByRole('dialog', { name: 'Test rule “Job fee”' });
  const field = within(dialog).getByLabelText('Decided ads to scan');
  expect(field).toHaveValue('10000');
  await user.clear(field);
  await user.type(field, limit);
  await user.click(within(dialog).getByRole('button', { name: 'Run backtest' }));
  return dialog;
}

describe('Test this rule (backtest)', () => {
  it('shows the progress while it runs, asking about every second, and Cancel stops it', async () => {
    let scanned = 0;
    let cancelled = false;
    const { server } = await openDialog((call) => {
      if (call.method === 'POST' && call.path === backtestPath)
        return jsonResponse({ success: true, ...makeBacktest({ limit: 1000 }) }, 202);
      if (call.method === 'GET' && call.path === pollPath) {
        scanned = Math.min(600, scanned + 300);
        return jsonResponse({ success: true, ...makeBacktest({ limit: 1000, scanned }) });
      }
      if (call.method === 'POST' && call.path === `${pollPath}/cancel`) {
        cancelled = true;
        return jsonResponse({
          success: true,
          ...makeBacktest({
            limit: 1000,
            scanned,
            state: 'cancelled',
            matched: 5,
            decided: 4,
            precision: 0.75,
            recall: 0.5,
          }),
        });
      }
      return undefined;
    });
    testDrivenTimers();
    try {
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      const dialog = await start(user, '1000');
      expect(await within(dialog).findByText('Running: 300 of 1,000 decided ads scanned')).toBeInTheDocument();
      const polls = () => server.calls.filter((c) => c.path === pollPath).length;
      const before = polls();
      await act(() => vi.advanceTimersByTimeAsync(BACKTEST_POLL_MS));
      await waitFor(() => expect(polls()).toBeGreaterThan(before));
      expect(await within(dialog).findByText('Running: 600 of 1,000 decided ads scanned')).toBeInTheDocument();
      expect(within(dialog).getByRole('progressbar', { name: 'Backtest progress' })).toHaveAttribute(
        'aria-valuenow',
        '60',
      );
      expect(within(dialog).queryByLabelText('Decided ads to scan')).not.toBeInTheDocument();

      await user.click(within(dialog).getByRole('button', { name: 'Cancel backtest' }));
      expect(
        await within(dialog).findByText(`Cancelled after ${scanned} decided ads; the figures cover those.`),
      ).toBeInTheDocument();
      expect(cancelled).toBe(true);
      expect(within(dialog).queryByRole('button', { name: 'Cancel backtest' })).not.toBeInTheDocument();
      expect(within(dialog).getByText('Precision').nextSibling).toHaveTextContent('0.750');
      expect(within(dialog).getByText('Recall').nextSibling).toHaveTextContent('0.500');
      // Ended: no more asking.
      const after = polls();
      await act(() => vi.advanceTimersByTimeAsync(BACKTEST_POLL_MS * 5));
      expect(polls()).toBe(after);
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows matched, decided, precision, recall and both kinds of disagreement, each opening the ad', async () => {
    const matched = {
      _id: 'a1',
      heading: 'Data entry job, pay Rs 2000 to register',
      status: 'approved',
      kind: 'matched',
    };
    const missed = { _id: 'a2', heading: 'Work from home, deposit needed', status: 'rejected', kind: 'missed' };
    const { server, view } = await openDialog((call) =>
      call.method === 'POST' && call.path === backtestPath
        ? jsonResponse({
            success: true,
            ...makeBacktest({
              state: 'done',
              limit: 500,
              scanned: 500,
              matched: 40,
              decided: 38,
              precision: 0.9737,
              recall: 0.8,
              disagreements: [matched, missed] as never,
              finishedAt: '2026-11-25T10:00:02.000Z',
            }),
          })
        : undefined,
    );
    const user = userEvent.setup();
    const dialog = await start(user, '500');
    expect(await within(dialog).findByText('Done: 500 decided ads scanned.')).toBeInTheDocument();
    const figures = within(dialog)
      .getAllByRole('term')
      .map((t) => `${t.textContent} ${t.nextSibling?.textContent}`);
    expect(figures).toEqual(['Scanned 500', 'Matched 40', 'Decided 38', 'Precision 0.974', 'Recall 0.800']);
    expect(server.changes()).toEqual([{ method: 'POST', path: backtestPath, body: { limit: 500 } }]);

    const wrong = within(dialog).getByRole('region', { name: 'Matched, but the moderator decided otherwise' });
    const notMatched = within(dialog).getByRole('region', {
      name: 'Not matched, but the moderator did what the rule does',
    });
    expect(within(notMatched).getByRole('link', { name: missed.heading })).toHaveAttribute(
      'href',
      adLink(missed._id, missed.heading),
    );
    await user.click(within(wrong).getByRole('link', { name: matched.heading }));
    await waitFor(() =>
      expect(view.router.state.location.pathname + view.router.state.location.search).toBe(
        adLink(matched._id, matched.heading),
      ),
    );
    expect(await screen.findByRole('heading', { name: 'Directory' })).toBeInTheDocument();
  });
});
