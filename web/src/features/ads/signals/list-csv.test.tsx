import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { listCsvMessages, queueMessages, type ModerationQueue } from '@backoffice/contract';
import { describe, expect, it } from 'vitest';
import { jsonResponse, makeUser, renderApp, stubFetch } from '../../../test/render';
import { AdsDirectoryPage } from '../ads-directory-page';
import { makeList } from '../ads-test-data';

const routes = [{ path: '/app/ads-directory', Component: AdsDirectoryPage }];
const queue = (name: string): ModerationQueue => ({ name, createdAt: '2026-11-20T09:30:00.000Z' });

/**
 * The queue names kept in memory like the server's. An import is all or nothing: a file with a
 * line holding "bad" is refused with every such line in `errors` (keyed by line number).
 */
function queueServer(initial: ModerationQueue[]) {
  let queues = [...initial];
  const imports: Array<{ type: string | null; body: string }> = [];
  const fetchMock = stubFetch(async () => jsonResponse({}));
  fetchMock.mockImplementation(async (input: RequestInfo | URL) => {
    const request = input as Request;
    const url = new URL(request.url);
    if (url.pathname === '/api/advertisements/list') return jsonResponse(makeList([]));
    if (url.pathname === '/api/moderation-queues' && request.method === 'GET')
      return jsonResponse({ success: true, queues });
    if (url.pathname === '/api/moderation-queues/import') {
      const body = await request.text();
      imports.push({ type: request.headers.get('content-type'), body });
      const lines = body.split('\n').map((text, i) => ({ line: i + 1, text }));
      const bad = lines.filter((l) => l.text.includes('bad'));
      if (bad.length) {
        const problems = bad.map((l) => ({ line: l.line, reason: queueMessages.nameTooLong }));
        return jsonResponse(
          {
            success: false,
            message: listCsvMessages.refused(problems.length),
            errors: Object.fromEntries(problems.map((p) => [String(p.line), p.reason])),
            lines: problems,
          },
          400,
        );
      }
      const names = lines
        .slice(1)
        .map((l) => l.text.trim())
        .filter(Boolean);
      const fresh = names.filter((n) => !queues.some((q) => q.name.toLowerCase() === n.toLowerCase()));
      queues = [...queues, ...fresh.map(queue)];
      return jsonResponse({ success: true, added: fresh.length, skipped: names.length - fresh.length });
    }
    if (url.pathname === '/api/moderation-queues' && request.method === 'POST') {
      const { name } = (await request.json()) as { name: string };
      if (queues.some((q) => q.name.toLowerCase() === name.trim().toLowerCase()))
        return jsonResponse({ success: false, message: queueMessages.nameTaken }, 409);
      queues = [...queues, queue(name.trim())];
      return jsonResponse({ success: true, queue: queue(name.trim()) });
    }
    if (url.pathname.startsWith('/api/moderation-queues/') && request.method === 'DELETE') {
      const name = decodeURIComponent(url.pathname.split('/').at(-1)!);
      if (name === 'Senior review')
        return jsonResponse({ success: false, message: queueMessages.inUse(name, ['Job fees']) }, 409);
      queues = queues.filter((q) => q.name !== name);
      return jsonResponse({ success: true });
    }
    return jsonResponse({ success: false, message: 'Not found' }, 404);
  });
  return { imports, names: () => queues.map((q) => q.name) };
}

async function openQueues() {
  renderApp({ path: '/app/ads-directory', user: makeUser(), routes });
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Queues' }));
  const dialog = await screen.findByRole('dialog', { name: 'Queues' });
  return { user, dialog };
}

const csvFile = (text: string) => new File([text], 'queues.csv', { type: 'text/csv' });
const listedQueues = (dialog: HTMLElement) =>
  within(within(dialog).getByRole('list', { name: 'Queues' }))
    .getAllByRole('listitem')
    .map((li) => li.querySelector('p')?.textContent);

describe('the lists as CSV, from the ads directory (the Queues dialog)', () => {
  it('links the export, and lists every bad line of a refused import by number with its reason', async () => {
    const server = queueServer([queue('Senior review')]);
    const { user, dialog } = await openQueues();
    await waitFor(() => expect(listedQueues(dialog)).toEqual(['Senior review']));
    expect(within(dialog).getByRole('link', { name: 'Export queues as CSV' })).toHaveAttribute(
      'href',
      '/api/moderation-queues/export.csv',
    );

    await user.upload(
      within(dialog).getByLabelText('Import queues from CSV'),
      csvFile('name\nFraud desk\nbad one\nJobs\nbad two'),
    );

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(listCsvMessages.refused(2));
    const problems = within(within(dialog).getByRole('list', { name: 'Lines to correct' })).getAllByRole('listitem');
    expect(problems.map((li) => li.textContent)).toEqual([
      `Line 3: ${queueMessages.nameTooLong}`,
      `Line 5: ${queueMessages.nameTooLong}`,
    ]);
    expect(server.imports).toEqual([{ type: 'text/csv', body: 'name\nFraud desk\nbad one\nJobs\nbad two' }]);
    expect(listedQueues(dialog)).toEqual(['Senior review']);

    // Corrected, the same file goes in whole: the error list goes, the counts show, the list refetches.
    await user.upload(
      within(dialog).getByLabelText('Import queues from CSV'),
      csvFile('name\nFraud desk\nsenior review'),
    );
    expect(await within(dialog).findByRole('status')).toHaveTextContent(listCsvMessages.imported(1, 1));
    expect(within(dialog).queryByRole('list', { name: 'Lines to correct' })).not.toBeInTheDocument();
    await waitFor(() => expect(listedQueues(dialog)).toEqual(['Senior review', 'Fraud desk']));
  });

  it('adds a queue, says so under the field when the name is taken, and deletes one after a confirmation', async () => {
    queueServer([queue('Senior review')]);
    const { user, dialog } = await openQueues();
    await waitFor(() => expect(listedQueues(dialog)).toEqual(['Senior review']));

    await user.type(within(dialog).getByLabelText('Queue name'), 'senior REVIEW');
    await user.click(within(dialog).getByRole('button', { name: 'Add queue' }));
    expect(await within(dialog).findByText(queueMessages.nameTaken)).toBeInTheDocument();

    await user.clear(within(dialog).getByLabelText('Queue name'));
    await user.type(within(dialog).getByLabelText('Queue name'), 'Fraud desk');
    await user.click(within(dialog).getByRole('button', { name: 'Add queue' }));
    await waitFor(() => expect(listedQueues(dialog)).toEqual(['Senior review', 'Fraud desk']));

    // A queue a rule routes to: the server refuses, naming the rule.
    await user.click(within(dialog).getByRole('button', { name: 'Delete Senior review' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete queue' })).getByRole('button', { name: 'Delete' }),
    );
    const queues = await screen.findByRole('dialog', { name: 'Queues' });
    expect(await within(queues).findByRole('alert')).toHaveTextContent(
      queueMessages.inUse('Senior review', ['Job fees']),
    );

    await user.click(within(queues).getByRole('button', { name: 'Delete Fraud desk' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete queue' })).getByRole('button', { name: 'Delete' }),
    );
    await waitFor(() =>
      expect(listedQueues(screen.getByRole('dialog', { name: 'Queues' }))).toEqual(['Senior review']),
    );
  });
});
