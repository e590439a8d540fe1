import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ruleMessages } from '@backoffice/contract';
import { describe, expect, it } from 'vitest';
import { routes as appRoutes } from '../../app/routes';
import { jsonResponse, makeUser, renderApp } from '../../test/render';
import { RulesPage } from './rules-page';
import { fakeRulesServer, makeBacktest, makeRule, sampleReasons } from './rules-test-server';

const routes = [{ path: '/app/rules', Component: RulesPage }];
const rowTexts = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .slice(0, 4)
        .map((c) => c.textContent),
    );

describe('Rules screen', () => {
  it('lists the rules in run order with their mode, action, conditions in words, figures and latest backtest', async () => {
    fakeRulesServer({
      rules: () => [
        makeRule({
          _id: 'r2',
          name: 'Cheap phones',
          order: 5,
          mode: 'draft',
          conditions: [
            { field: 'price', op: 'lt', value: 5000 },
            { field: 'district', op: 'in', value: ['Colombo', 'Gampaha'] },
          ],
          action: { type: 'reject', reasonId: sampleReasons[0]!._id },
          figures: { firstFiredAt: null, lastFiredAt: null, fired: 0, overturned: 0 },
          latestBacktest: makeBacktest({ state: 'done', decided: 420, precision: 0.9876, version: 3 }),
        }),
        makeRule({ _id: 'r1', name: 'Job fee', order: 1 }),
        makeRule({
          _id: 'r3',
          name: 'Senior queue',
          order: 9,
          mode: 'live',
          conditions: [{ field: 'advertiser.verified', op: 'eq', value: false }],
          action: { type: 'route', queue: 'Senior review' },
        }),
      ],
    });
    renderApp({ path: '/app/rules', user: makeUser(), routes });
    const table = await screen.findByRole('table', { name: 'Rules' });
    await waitFor(() =>
      expect(rowTexts(table)).toEqual([
        ['1', 'Job fee', 'Shadow', 'Flag: Fee asked'],
        ['2', 'Cheap phones', 'Draft', 'Reject: Fake item'],
        ['3', 'Senior queue', 'Live', 'Route to Senior review'],
      ]),
    );
    const [jobFee, cheap, senior] = within(table).getAllByRole('row').slice(1);
    expect(jobFee).toHaveTextContent('Category is Jobs');
    expect(jobFee).toHaveTextContent('Signal: Risky phrase');
    expect(jobFee).toHaveTextContent(/1,234 fired · 12 overturnedSince 1 Nov 2026/);
    expect(jobFee).toHaveTextContent('Not tested');
    expect(cheap).toHaveTextContent('Price is under 5000');
    expect(cheap).toHaveTextContent('District is one of Colombo, Gampaha');
    expect(cheap).toHaveTextContent('Not running');
    expect(cheap).toHaveTextContent('Precision 0.988 · 420 decided');
    expect(senior).toHaveTextContent('Advertiser verified: no');
    expect(screen.getByText('3 rules')).toBeInTheDocument();
  });

  it('deletes a rule after a confirmation naming it', async () => {
    let rules = [makeRule()];
    const server = fakeRulesServer({
      rules: () => rules,
      handle: (call) => {
        if (call.method !== 'DELETE') return undefined;
        rules = [];
        return jsonResponse({ success: true });
      },
    });
    renderApp({ path: '/app/rules', user: makeUser(), routes });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete Job fee' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete rule' });
    expect(confirm).toHaveTextContent('Delete the rule “Job fee”?');
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(ruleMessages.deleted)).toBeInTheDocument();
    expect(await screen.findByText('No rules yet.')).toBeInTheDocument();
    expect(server.changes()).toEqual([
      { method: 'DELETE', path: '/api/moderation-rules/10000000-0000-4000-8000-000000000001', body: undefined },
    ]);
  });

  it('is reached from the ads directory’s header, which also links to Second review', async () => {
    fakeRulesServer({
      handle: (call) => {
        if (call.path === '/api/auth/session') return jsonResponse(makeUser());
        if (call.path === '/api/notifications') return jsonResponse({ notifications: [] });
        return undefined;
      },
    });
    renderApp({ path: '/app/ads-directory', user: makeUser(), routes: appRoutes });
    const user = userEvent.setup();
    expect(await screen.findByRole('link', { name: 'Second review' })).toHaveAttribute('href', '/app/second-review');
    await user.click(screen.getByRole('link', { name: 'Rules' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Rules' })).toBeInTheDocument();
    expect(await screen.findByRole('row', { name: /Job fee/ })).toBeInTheDocument();
  });
});
