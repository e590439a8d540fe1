import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages } from '@backoffice/contract';
import { afterEach, describe, it, vi } from 'vitest';
import { expectEndsExactlyAfter, freezeTime, settleUntil } from '../../test/exact-timers';
import { jsonResponse, makeUser, renderApp, stubFetch } from '../../test/render';
import { SignInPage } from './sign-in-page';

const routes = [
  { path: '/', Component: SignInPage },
  { path: '/app/dashboard', element: <h1>Dashboard stand-in</h1> },
];

afterEach(() => vi.useRealTimers());

describe('sign-in toast', () => {
  it('closes exactly 3000 ms after it shows', async () => {
    stubFetch(async () => jsonResponse(makeUser()));
    renderApp({ routes });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'admin@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret-pass');
    const signIn = screen.getByRole('button', { name: 'Sign In' });
    freezeTime();
    fireEvent.click(signIn);
    // Open is the toast's data-in: once closed it only plays its exit animation, whose end (when
    // the library removes it) a browser reports and jsdom never does.
    const open = () =>
      screen.queryByText(messages.signIn.success)?.closest('.Toastify__toast')?.getAttribute('data-in') === 'true';
    await settleUntil(open);
    expectEndsExactlyAfter(3000, open);
  });
});
