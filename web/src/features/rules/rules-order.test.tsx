import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { listsApi } from '../ads/signals/lists-api';
import { jsonResponse, makeUser, renderApp } from '../../test/render';
import { RulesPage } from './rules-page';
import { fakeRulesServer, makeRule } from './rules-test-server';

const routes = [{ path: '/app/rules', Component: RulesPage }];
const names = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[1]!.textContent);

describe('Rules screen: run order and queue suggestions', () => {
  it('moves a rule up or down through PUT with its new order, then shows the order the server keeps', async () => {
    let rules = ['A', 'B', 'C'].map((name, order) =>
      makeRule({ _id: `r${order}`, name, order, conditions: [{ field: 'category', op: 'eq', value: 'Jobs' }] }),
    );
    const server = fakeRulesServer({
      rules: () => rules,
      handle: (call) => {
        if (call.method !== 'PUT') return undefined;
        const { order } = call.body as { order: number };
        const moved = rules.find((r) => call.path.endsWith(r._id))!;
        const rest = rules.filter((r) => r !== moved);
        rest.splice(order, 0, moved);
        rules = rest.map((r, i) => ({ ...r, order: i, version: r === moved ? r.version + 1 : r.version }));
        return jsonResponse({ success: true, rule: rules[order] });
      },
    });
    renderApp({ path: '/app/rules', user: makeUser(), routes });
    const user = userEvent.setup();
    const table = await screen.findByRole('table', { name: 'Rules' });
    await waitFor(() => expect(names(table)).toEqual(['A', 'B', 'C']));
    expect(screen.getByRole('button', { name: 'Move A up' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move C down' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Move C up' }));
    await waitFor(() => expect(names(table)).toEqual(['A', 'C', 'B']));
    await user.click(screen.getByRole('button', { name: 'Move A down' }));
    await waitFor(() => expect(names(table)).toEqual(['C', 'A', 'B']));
    expect(server.changes()).toEqual([
      {
        method: 'PUT',
        path: '/api/moderation-rules/r2',
        body: {
          name: 'C',
          mode: 'shadow',
          conditions: [{ field: 'category', op: 'eq', value: 'Jobs' }],
          action: { type: 'flag', label: 'Fee asked' },
          version: 3,
          order: 1,
        },
      },
      expect.objectContaining({ path: '/api/moderation-rules/r0', body: expect.objectContaining({ order: 1 }) }),
    ]);
  });

  it('offers the queues as they are after the Queues dialog changes them', async () => {
    let queues = ['Senior review'];
    fakeRulesServer({
      handle: (call) => {
        if (call.path !== '/api/moderation-queues') return undefined;
        if (call.method === 'POST') queues = [...queues, (call.body as { name: string }).name];
        const list = queues.map((name) => ({ name, createdAt: '2026-11-20T08:00:00.000Z' }));
        return call.method === 'POST'
          ? jsonResponse({ success: true, queue: list.at(-1) }, 201)
          : jsonResponse({ success: true, queues: list });
      },
    });
    const { store } = renderApp({ path: '/app/rules', user: makeUser(), routes });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'New rule' }));
    const dialog = await screen.findByRole('dialog', { name: 'New rule' });
    await user.selectOptions(within(dialog).getByLabelText('Action'), 'route');
    const suggestions = () =>
      [
        ...document.querySelectorAll(
          `#${CSS.escape(within(dialog).getByLabelText('Queue').getAttribute('list')!)} option`,
        ),
      ].map((o) => o.getAttribute('value'));
    await waitFor(() => expect(suggestions()).toEqual(['Senior review']));

    // The Queues dialog (in the ads directory's lists) adds one: the editor's suggestions follow.
    await store.dispatch(listsApi.endpoints.addModerationQueue.initiate('Jobs desk'));
    await waitFor(() => expect(suggestions()).toEqual(['Senior review', 'Jobs desk']));
  });
});
