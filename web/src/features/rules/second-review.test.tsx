import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { secondReviewMessages, type SecondReview } from '@backoffice/contract';
import { describe, expect, it } from 'vitest';
import { jsonResponse, makeUser, renderApp } from '../../test/render';
import { adLink } from '../../lib/activity-format';
import { SecondReviewPage } from './second-review-page';
import { fakeRulesServer, makeReview, type Call } from './rules-test-server';

const routes = [{ path: '/app/second-review', Component: SecondReviewPage }];
const decision: NonNullable<SecondReview['decision']> = {
  status: 'approved',
  rejectionReason: null,
  by: 'Dilani',
  byRule: null,
  at: '2026-11-24T09:15:00.000Z',
};

/** Reviews kept like the server keeps them: open until answered, a disagreement until settled. */
function reviewServer(initial: SecondReview[], refuse?: (call: Call) => Response | undefined) {
  let reviews = [...initial];
  let rate = 0.02;
  const server = fakeRulesServer({
    handle: (call) => {
      const refused = refuse?.(call);
      if (refused) return refused;
      const url = new URL(call.path, 'http://x');
      if (url.pathname === '/api/second-reviews/settings') {
        if (call.method === 'PUT') rate = (call.body as { rate: number }).rate;
        return jsonResponse({ success: true, rate });
      }
      if (url.pathname === '/api/second-reviews') {
        const state = url.searchParams.get('state');
        const items = reviews.filter((r) =>
          state === 'open' ? !r.answer : state === 'disagreed' ? r.answer === 'disagree' && !r.settledAt : !!r.answer,
        );
        // Keyset pages: the items after `after`, `next` the last one shown when more follow.
        const after = url.searchParams.get('after');
        const from = after ? items.findIndex((r) => r._id === after) + 1 : 0;
        const page = items.slice(from, from + Number(url.searchParams.get('pageSize')));
        const more = from + page.length < items.length;
        // Blind until answered.
        return jsonResponse({
          success: true,
          items: page.map((r) => (r.answer ? r : { ...r, decision: null })),
          next: more ? page.at(-1)!._id : null,
        });
      }
      const answer = /^\/api\/second-reviews\/([^/]+)\/(answer|settle)$/.exec(url.pathname);
      if (answer && call.method === 'POST') {
        const body = call.body as { answer?: 'agree' | 'disagree'; note?: string };
        reviews = reviews.map((r) =>
          r._id !== answer[1]
            ? r
            : answer[2] === 'answer'
              ? {
                  ...r,
                  answer: body.answer!,
                  note: body.note ?? null,
                  reviewer: 'Ruwan',
                  answeredAt: '2026-11-25T11:00:00.000Z',
                }
              : { ...r, settledAt: '2026-11-25T12:00:00.000Z' },
        );
        return jsonResponse({ success: true, item: reviews.find((r) => r._id === answer[1]) });
      }
      return undefined;
    },
  });
  return server;
}

describe('Second review', () => {
  it('shows an open item without its first decision, then reveals it once answered', async () => {
    const server = reviewServer([makeReview({ decision })]);
    renderApp({ path: '/app/second-review', user: makeUser(), routes });
    const user = userEvent.setup();
    const item = await screen.findByRole('article', { name: 'Toyota Aqua 2015' });
    expect(item).not.toHaveTextContent('Dilani');
    expect(item).not.toHaveTextContent(/approved/i);
    expect(within(item).getByRole('link', { name: 'Open the ad' })).toHaveAttribute(
      'href',
      adLink('50000000-0000-4000-8000-000000000001', 'Toyota Aqua 2015'),
    );

    await user.type(within(item).getByLabelText('Note (optional)'), 'Photo is from another listing');
    await user.click(within(item).getByRole('button', { name: 'Disagree' }));

    const revealed = await screen.findByRole('region', { name: 'Answered just now' });
    expect(revealed).toHaveTextContent('First decision:Approvedby Dilani');
    expect(revealed).toHaveTextContent('Second review:Disagreedby Ruwan');
    expect(revealed).toHaveTextContent('Note: Photo is from another listing');
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Toyota Aqua 2015' })).not.toBeInTheDocument());
    expect(server.changes()).toEqual([
      {
        method: 'POST',
        path: '/api/second-reviews/40000000-0000-4000-8000-000000000001/answer',
        body: { answer: 'disagree', note: 'Photo is from another listing' },
      },
    ]);
  });

  it('shows a view a page at a time, the next page after the last item shown', async () => {
    const id = (n: number) => `40000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
    const server = reviewServer(
      Array.from({ length: 52 }, (_, i) =>
        makeReview({ _id: id(i + 1), ad: { _id: `ad-${i + 1}`, heading: `Ad number ${i + 1}`, status: 'approved' } }),
      ),
    );
    renderApp({ path: '/app/second-review', user: makeUser(), routes });
    await screen.findByRole('article', { name: 'Ad number 50' });
    expect(screen.getAllByRole('article')).toHaveLength(50);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Show more' }));
    await screen.findByRole('article', { name: 'Ad number 52' });
    expect(screen.getAllByRole('article')).toHaveLength(52);
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
    expect(server.calls.filter((c) => c.path.startsWith('/api/second-reviews?')).map((c) => c.path)).toEqual([
      '/api/second-reviews?state=open&pageSize=50',
      `/api/second-reviews?state=open&pageSize=50&after=${id(50)}`,
    ]);
  });

  it('shows the server’s refusal when the reviewer made the decision', async () => {
    reviewServer([makeReview()], (call) =>
      call.method === 'POST'
        ? jsonResponse({ success: false, message: secondReviewMessages.ownDecision }, 403)
        : undefined,
    );
    renderApp({ path: '/app/second-review', user: makeUser(), routes });
    const user = userEvent.setup();
    const item = await screen.findByRole('article', { name: 'Toyota Aqua 2015' });
    await user.click(within(item).getByRole('button', { name: 'Agree' }));
    expect(await within(item).findByText(secondReviewMessages.ownDecision)).toBeInTheDocument();
    expect(item).not.toHaveTextContent('First decision');
  });

  it('lists a disagreement for a senior, who marks it settled; the sample rate is set as a percent', async () => {
    const server = reviewServer([
      makeReview({
        decision,
        answer: 'disagree',
        note: 'Stolen photo',
        reviewer: 'Ruwan',
        answeredAt: '2026-11-25T09:00:00.000Z',
      }),
    ]);
    renderApp({ path: '/app/second-review?state=disagreed', user: makeUser(), routes });
    const user = userEvent.setup();
    const item = await screen.findByRole('article', { name: 'Toyota Aqua 2015' });
    expect(screen.getByRole('link', { name: 'Disagreed' })).toHaveAttribute('aria-current', 'page');
    expect(item).toHaveTextContent('First decision:Approvedby Dilani');
    expect(item).toHaveTextContent('Note: Stolen photo');
    expect(
      within(item).getByRole('link', { name: 'Open the ad to delete it or message the advertiser' }),
    ).toBeInTheDocument();
    await user.selectOptions(within(item).getByLabelText('What was done'), 'Kept the first decision');
    await user.click(within(item).getByRole('button', { name: 'Mark settled: Toyota Aqua 2015' }));
    expect(await screen.findByText('No disagreements waiting for a senior.')).toBeInTheDocument();

    const rate = screen.getByLabelText('Decisions sampled (%)');
    await waitFor(() => expect(rate).toHaveValue('2'));
    await user.clear(rate);
    await user.type(rate, '5');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Now sampling 5 % of moderators’ decisions.')).toBeInTheDocument();
    expect(server.changes()).toEqual([
      {
        method: 'POST',
        path: '/api/second-reviews/40000000-0000-4000-8000-000000000001/settle',
        body: { action: 'kept' },
      },
      { method: 'PUT', path: '/api/second-reviews/settings', body: { rate: 0.05 } },
    ]);
  });
});
