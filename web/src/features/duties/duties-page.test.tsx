import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { dutyMessages } from '@backoffice/contract';
import { describe, expect, it } from 'vitest';
import { jsonResponse, makeUser, renderApp } from '../../test/render';
import { DutiesPage } from './duties-page';
import { fakeDutiesServer, makeDuty } from './duties-test-server';

const routes = [{ path: '/app/duties', Component: DutiesPage }];

async function renderPage(first = /#D1024/) {
  const view = renderApp({ path: '/app/duties', user: makeUser(), routes });
  await screen.findByRole('row', { name: first });
  return view;
}
const table = () => screen.getByRole('table', { name: 'Duties' });
const codes = () =>
  within(table())
    .getAllByRole('row')
    .slice(1)
    .map((r) => r.getAttribute('aria-label')?.split(' ')[0]);

describe('DutiesPage', () => {
  it('shows the spec columns: Duty ID, Title, Description, number of conditions, Status, actions', async () => {
    fakeDutiesServer();
    await renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Duties and Responsibilities' })).toBeInTheDocument();
    expect(
      within(table())
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Duty ID', 'Title', 'Description', 'Conditions', 'Status', 'Actions']);
    const cells = within(within(table()).getByRole('row', { name: /#D1024/ })).getAllByRole('cell');
    expect(cells.slice(0, 5).map((c) => c.textContent)).toEqual([
      '#D1024',
      'Review submitted advertisements',
      'Check every new ad against the posting rules.',
      '2',
      'Active',
    ]);
    for (const action of ['View', 'Edit', 'Delete'])
      expect(screen.getByRole('button', { name: `${action} #D2048` })).toBeInTheDocument();
    expect(screen.queryByText(dutyMessages.sampleFallback)).not.toBeInTheDocument();
  });

  it('falls back to the two built-in sample duties when the list cannot be loaded', async () => {
    fakeDutiesServer(() => jsonResponse({ success: false, message: 'Something went wrong' }, 500));
    await renderPage(/#D0001/);
    expect(codes()).toEqual(['#D0001', '#D0002']);
    expect(screen.getByText(dutyMessages.sampleFallback)).toBeInTheDocument();
  });

  it('searches and filters by status on the server, the state kept in the URL', async () => {
    const server = fakeDutiesServer();
    const view = await renderPage();
    const user = userEvent.setup();
    const lastQuery = () => server.calls.filter((c) => c.method === 'GET').at(-1)?.query;
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Inactive');
    await waitFor(() => expect(codes()).toEqual(['#D2048']));
    expect(lastQuery()).toBe('?status=Inactive');
    expect(view.router.state.location.search).toBe('?status=Inactive');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'all');
    await user.type(screen.getByRole('searchbox', { name: 'Search duties' }), 'POSTING');
    await waitFor(() => expect(codes()).toEqual(['#D1024']));
    expect(lastQuery()).toBe('?search=POSTING');
    await user.clear(screen.getByRole('searchbox', { name: 'Search duties' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search duties' }), 'd2048');
    await waitFor(() => expect(codes()).toEqual(['#D2048']));
    await user.type(screen.getByRole('searchbox', { name: 'Search duties' }), 'x');
    expect(await screen.findByText('No duties found')).toBeInTheDocument();
    expect(view.router.state.location.search).toBe('?q=d2048x');
  });

  it('shows the filtered rows of a pasted link at once, the search in its box', async () => {
    const server = fakeDutiesServer();
    renderApp({ path: '/app/duties?q=scam&status=Inactive', user: makeUser(), routes });
    await screen.findByRole('row', { name: /#D2048/ });
    expect(codes()).toEqual(['#D2048']);
    expect(screen.getByRole('searchbox', { name: 'Search duties' })).toHaveValue('scam');
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('Inactive');
    expect(server.calls.filter((c) => c.method === 'GET').map((c) => c.query)).toEqual([
      '?search=scam&status=Inactive',
    ]);
  });

  it('renders conditions as rich text, sanitised again with DOMPurify (a stored payload stays inert)', async () => {
    const evil = makeDuty({
      conditions: [
        'Keep <b>bold</b> and <strong>strong</strong>',
        '<img src="x" onerror="window.__pwned = 1">Photo<script>window.__pwned = 2</script>',
        '<a href="javascript:window.__pwned = 3" onclick="window.__pwned = 4">Bad link</a>',
        '<a href="https://dmt.gov.lk" target="_blank">DMT</a> and <i style="color:red">plain</i>',
      ],
    });
    fakeDutiesServer(() => jsonResponse({ success: true, duties: [evil] }));
    await renderPage();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'View #D1024' }));
    const panel = await screen.findByRole('dialog', { name: 'Duty Details' });
    const list = within(panel).getByRole('list', { name: 'Conditions' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(4);
    expect(items[0]!.querySelector('b')).toHaveTextContent('bold');
    expect(items[0]!.querySelector('strong')).toHaveTextContent('strong');
    expect(items[1]).toHaveTextContent('Photo');
    expect(list.querySelector('img, script, i, [onerror], [onclick], [style], [target]')).toBeNull();
    // The unsafe link is unwrapped to its text, as the server does.
    expect(items[2]).toHaveTextContent('Bad link');
    expect(items[2]!.querySelector('a')).toBeNull();
    const good = within(list).getByRole('link', { name: 'DMT' });
    expect(good).toHaveAttribute('href', 'https://dmt.gov.lk');
    expect(good).toHaveAttribute('rel', 'noopener noreferrer');
    expect((window as { __pwned?: number }).__pwned).toBeUndefined();
  });

  it('deletes after the spec confirmation, and alerts when it fails', async () => {
    const server = fakeDutiesServer(undefined, (_call, n) =>
      n === 0 ? jsonResponse({ success: true }) : jsonResponse({ success: false, message: 'Duty not found' }, 404),
    );
    await renderPage();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Delete #D1024' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete Duty' });
    expect(dialog).toHaveTextContent('Are you sure you want to delete this duty? This action cannot be undone.');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(server.changes()).toHaveLength(1));
    expect(server.changes()[0]).toEqual({
      method: 'DELETE',
      path: '/api/duties/aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa',
      body: undefined,
    });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    // The same kind of success message as packages and banners.
    expect(await screen.findByText(dutyMessages.deleted)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Delete #D2048' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Delete Duty' })).getByRole('button', { name: 'Delete' }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Error deleting duty. Please try again.');
  });
});
