import { screen, waitFor, waitForElementToBeRemoved, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { packageMessages } from '@backoffice/contract';
import { describe, expect, it } from 'vitest';
import { jsonResponse, makeUser, renderApp } from '../../test/render';
import { PackagesPage } from './packages-page';
import { fakePackagesServer } from './packages-test-server';

const routes = [{ path: '/app/packages', Component: PackagesPage }];

async function renderPage() {
  const view = renderApp({ path: '/app/packages', user: makeUser(), routes });
  await screen.findByRole('row', { name: /PKG-0001/ });
  return view;
}

const table = () => screen.getByRole('table', { name: 'Packages' });
const pids = () =>
  within(table())
    .getAllByRole('row')
    .slice(1)
    .map((r) => r.getAttribute('aria-label')?.split(' ')[0]);

describe('PackagesPage', () => {
  it('shows every column of the spec for each package', async () => {
    fakePackagesServer();
    await renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Package Management' })).toBeInTheDocument();
    const headers = within(table())
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(['PID', 'Icon', 'Name', 'Type', 'Description', 'Status', 'Actions']);
    const row = within(table()).getByRole('row', { name: /PKG-0003/ });
    const cells = within(row).getAllByRole('cell');
    expect(cells[0]).toHaveTextContent('PKG-0003');
    expect(within(cells[1]!).getByRole('img')).toHaveAttribute('src', '/icons/package-digital.svg');
    expect(cells[2]).toHaveTextContent('Avurudu Festive Boost14 days');
    expect(within(cells[3]!).getByText('Digital')).toHaveClass('text-sky-300');
    expect(cells[4]).toHaveTextContent('Seasonal offer for the New Year sales.');
    expect(within(cells[5]!).getByText('Inactive')).toHaveClass('text-rose-300');
    for (const action of ['View', 'Edit', 'Delete'])
      expect(within(row).getByRole('button', { name: `${action} Avurudu Festive Boost` })).toBeInTheDocument();
    expect(screen.getByText('Showing 3 of 3 packages')).toBeInTheDocument();
  });

  it('searches, filters by status and toggles sorting from the headers, on the server, in the URL', async () => {
    const server = fakePackagesServer();
    const view = await renderPage();
    const user = userEvent.setup();
    const lastQuery = () => server.calls.filter((c) => c.method === 'GET').at(-1)?.query;
    expect(pids()).toEqual(['PKG-0001', 'PKG-0002', 'PKG-0003']);
    expect(lastQuery()).toBe('?sort=pid&order=asc');
    expect(screen.getByRole('columnheader', { name: 'PID' })).toHaveAttribute('aria-sort', 'ascending');
    await user.click(screen.getByRole('button', { name: 'PID' }));
    await waitFor(() => expect(pids()).toEqual(['PKG-0003', 'PKG-0002', 'PKG-0001']));
    expect(screen.getByRole('columnheader', { name: 'PID' })).toHaveAttribute('aria-sort', 'descending');
    expect(view.router.state.location.search).toBe('?sort=pid&order=desc');
    await user.click(screen.getByRole('button', { name: 'Name' }));
    await waitFor(() => expect(pids()).toEqual(['PKG-0003', 'PKG-0001', 'PKG-0002']));
    await user.click(screen.getByRole('button', { name: 'Name' }));
    await waitFor(() => expect(pids()).toEqual(['PKG-0002', 'PKG-0001', 'PKG-0003']));
    await user.click(screen.getByRole('button', { name: 'Type' }));
    await waitFor(() => expect(pids()).toEqual(['PKG-0003', 'PKG-0001', 'PKG-0002']));
    await user.click(screen.getByRole('button', { name: 'Status' }));
    await waitFor(() => expect(pids()).toEqual(['PKG-0001', 'PKG-0002', 'PKG-0003']));
    await user.click(screen.getByRole('button', { name: 'Status' }));
    await waitFor(() => expect(pids()[0]).toBe('PKG-0003'));

    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Inactive');
    await waitFor(() => expect(pids()).toEqual(['PKG-0003']));
    expect(screen.getByText('Showing 1 of 3 packages')).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Active');
    await waitFor(() => expect(pids().sort()).toEqual(['PKG-0001', 'PKG-0002']));
    await user.type(screen.getByRole('searchbox', { name: 'Search packages' }), 'LAND');
    await waitFor(() => expect(pids()).toEqual(['PKG-0002']));
    expect(lastQuery()).toBe('?search=LAND&status=Active&sort=status&order=desc');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'all');
    await user.clear(screen.getByRole('searchbox', { name: 'Search packages' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search packages' }), 'nothing like it');
    expect(await screen.findByText('No packages found')).toBeInTheDocument();
  });

  it("shows a pasted link's search, status and sort at once", async () => {
    const server = fakePackagesServer();
    renderApp({ path: '/app/packages?q=seller&status=Active&sort=name&order=desc', user: makeUser(), routes });
    await screen.findByRole('row', { name: /PKG-0001/ });
    // "seller" is Basic Seller's name and Property Plus's description ("house sellers").
    expect(pids()).toEqual(['PKG-0002', 'PKG-0001']);
    expect(screen.getByRole('searchbox', { name: 'Search packages' })).toHaveValue('seller');
    expect(screen.getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'descending');
    expect(server.calls.map((c) => c.query)).toEqual(['?search=seller&status=Active&sort=name&order=desc']);
  });

  it('views every field, with the price in LKR and popularity only when not None', async () => {
    fakePackagesServer();
    await renderPage();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'View Property Plus' }));
    const panel = await screen.findByRole('dialog', { name: 'Package Details' });
    for (const text of ['PKG-0002', 'Property Plus', 'Regular', 'Popular', 'LKR 4,500', '60 days', 'Active', '15'])
      expect(within(panel).getByText(text)).toBeInTheDocument();
    expect(within(panel).getByText('For land and house sellers.')).toBeInTheDocument();
    expect(within(panel).getByText('15 Jul 2025')).toBeInTheDocument();
    expect(within(panel).getByText('17')).toBeInTheDocument();
    expect(within(within(panel).getByRole('list', { name: 'Features' })).getAllByRole('listitem')).toHaveLength(2);
    expect(within(panel).getByRole('img')).toHaveAttribute('src', '/icons/package-regular.svg');
    await user.click(within(panel).getByRole('button', { name: 'Close panel' }));
    await waitForElementToBeRemoved(() => screen.queryByRole('dialog', { name: 'Package Details' }));

    await user.click(screen.getByRole('button', { name: 'View Basic Seller' }));
    const basic = await screen.findByRole('dialog', { name: 'Package Details' });
    expect(within(basic).queryByText('None')).not.toBeInTheDocument();
    expect(within(basic).getByText('LKR 1,500')).toBeInTheDocument();
  });

  it('deletes after the spec confirmation and shows the result', async () => {
    const server = fakePackagesServer(undefined, () => jsonResponse({ success: true }));
    await renderPage();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Delete Property Plus' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete Package' });
    expect(dialog).toHaveTextContent(packageMessages.deleteConfirm);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(server.changes()).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Delete Property Plus' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Delete Package' })).getByRole('button', { name: 'Delete' }),
    );
    expect(await screen.findByText('Package deleted successfully')).toBeInTheDocument();
    expect(server.changes()).toEqual([
      { method: 'DELETE', path: '/api/packages/22222222-2222-4222-8222-222222222222', body: undefined },
    ]);
    // How long it stays is timed to the millisecond in packages-timers.test.tsx.
  });

  it('says when a delete fails', async () => {
    fakePackagesServer(undefined, () => jsonResponse({ success: false, message: 'Package not found' }, 404));
    await renderPage();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Delete Basic Seller' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Delete Package' })).getByRole('button', { name: 'Delete' }),
    );
    expect(await screen.findByText('Failed to delete package')).toBeInTheDocument();
  });

  it('says when the list cannot be fetched', async () => {
    fakePackagesServer(() => jsonResponse({ success: false, message: 'Something went wrong' }, 500));
    renderApp({ path: '/app/packages', user: makeUser(), routes });
    expect(await screen.findByText('Failed to fetch packages')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('No packages to show')).toBeInTheDocument());
  });
});
