import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { packageMessages } from '@backoffice/contract';
import { afterEach, describe, it, vi } from 'vitest';
import { expectEndsExactlyAfter, freezeTime, settleUntil } from '../../test/exact-timers';
import { jsonResponse, makeUser, renderApp } from '../../test/render';
import { PackagesPage } from './packages-page';
import { fakePackagesServer } from './packages-test-server';

/** Every package message disappears after 3 s (docs/product.md#business-constants), to the millisecond. */

const routes = [{ path: '/app/packages', Component: PackagesPage }];

async function renderPage() {
  renderApp({ path: '/app/packages', user: makeUser(), routes });
  await screen.findByRole('row', { name: /PKG-0001/ });
}

const shown = (text: string) => () => screen.queryByText(text) !== null;

/** Deletes Property Plus, the clock standing still from the confirming click on. */
async function deletePropertyPlus() {
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Delete Property Plus' }));
  const confirm = within(screen.getByRole('dialog', { name: 'Delete Package' })).getByRole('button', {
    name: 'Delete',
  });
  freezeTime();
  fireEvent.click(confirm);
}

/** Opens Edit for Basic Seller and saves it unchanged, the clock standing still from the save on. */
async function saveBasicSeller() {
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Edit Basic Seller' }));
  const panel = await screen.findByRole('dialog', { name: 'Edit Package' });
  freezeTime();
  fireEvent.click(within(panel).getByRole('button', { name: 'Save Changes' }));
}

afterEach(() => vi.useRealTimers());

describe('package messages', () => {
  it('clears “Package deleted successfully” exactly 3 s after it shows', async () => {
    fakePackagesServer(undefined, () => jsonResponse({ success: true }));
    await renderPage();
    await deletePropertyPlus();
    const message = shown(packageMessages.deleted);
    await settleUntil(message);
    expectEndsExactlyAfter(3000, message);
  });

  it('clears “Failed to delete package” exactly 3 s after it shows', async () => {
    fakePackagesServer(undefined, () => jsonResponse({ success: false }, 500));
    await renderPage();
    await deletePropertyPlus();
    const message = shown(packageMessages.deleteFailed);
    await settleUntil(message);
    expectEndsExactlyAfter(3000, message);
  });

  it('clears “Package updated successfully” exactly 3 s after it shows', async () => {
    fakePackagesServer(undefined, (call) => jsonResponse({ success: true, package: call.body }));
    await renderPage();
    await saveBasicSeller();
    const message = shown(packageMessages.updated);
    await settleUntil(message);
    expectEndsExactlyAfter(3000, message);
  });

  it('clears “Failed to save package” in the form exactly 3 s after it shows', async () => {
    fakePackagesServer(undefined, () => new Response('oops', { status: 502 }));
    await renderPage();
    await saveBasicSeller();
    const message = shown(packageMessages.saveFailed);
    await settleUntil(message);
    expectEndsExactlyAfter(3000, message);
  });

  it('unmounts the View panel exactly 300 ms after Close', async () => {
    fakePackagesServer();
    await renderPage();
    await userEvent.setup().click(screen.getByRole('button', { name: 'View Property Plus' }));
    const panel = await screen.findByRole('dialog', { name: 'Package Details' });
    freezeTime();
    fireEvent.click(within(panel).getByRole('button', { name: 'Close panel' }));
    expectEndsExactlyAfter(300, () => screen.queryByRole('dialog', { hidden: true }) !== null);
  });
});
