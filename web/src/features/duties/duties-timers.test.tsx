import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { dutyMessages } from '@backoffice/contract';
import { afterEach, describe, it, vi } from 'vitest';
import { expectEndsExactlyAfter, freezeTime, settleUntil } from '../../test/exact-timers';
import { jsonResponse, makeUser, renderApp } from '../../test/render';
import { DutiesPage } from './duties-page';
import { fakeDutiesServer } from './duties-test-server';

const routes = [{ path: '/app/duties', Component: DutiesPage }];

afterEach(() => vi.useRealTimers());

describe('duties timers', () => {
  it('unmounts the View panel exactly 300 ms after Close', async () => {
    fakeDutiesServer();
    renderApp({ path: '/app/duties', user: makeUser(), routes });
    await screen.findByRole('row', { name: /#D1024/ });
    await userEvent.setup().click(screen.getByRole('button', { name: 'View #D1024' }));
    const panel = await screen.findByRole('dialog', { name: 'Duty Details' });
    freezeTime();
    fireEvent.click(within(panel).getByRole('button', { name: 'Close panel' }));
    expectEndsExactlyAfter(300, () => screen.queryByRole('dialog', { hidden: true }) !== null);
  });

  // Duties show the same kind of message as packages: 3 s.
  it('clears “Duty deleted successfully” exactly 3 s after it shows', async () => {
    fakeDutiesServer(undefined, () => jsonResponse({ success: true }));
    renderApp({ path: '/app/duties', user: makeUser(), routes });
    await screen.findByRole('row', { name: /#D1024/ });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Delete #D1024' }));
    const confirm = within(screen.getByRole('dialog', { name: 'Delete Duty' })).getByRole('button', {
      name: 'Delete',
    });
    freezeTime();
    fireEvent.click(confirm);
    const message = () => screen.queryByText(dutyMessages.deleted) !== null;
    await settleUntil(message);
    expectEndsExactlyAfter(3000, message);
  });
});
