import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, makeUser, renderApp, stubFetch } from '../../test/render';
import { SignInPage } from './sign-in-page';

/** Sign-in plus a stand-in dashboard, so the shell's session call stays out of these tests. */
const routes = [
  { path: '/', Component: SignInPage },
  { path: '/app/dashboard', element: <h1>Dashboard stand-in</h1> },
];

async function fillAndSubmit(email = 'admin@example.com', password = 'secret-pass') {
  const user = userEvent.setup();
  if (email) await user.type(screen.getByLabelText('Email'), email);
  if (password) await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
  return user;
}

describe('SignInPage', () => {
  it('shows the title, labelled fields and the copyright footer', () => {
    renderApp({ routes });
    expect(screen.getByRole('heading', { name: 'Admin Panel Login' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByText(/© \d{4} Marketplace Admin\. All rights reserved\./)).toBeInTheDocument();
  });

  it('refuses empty fields without sending a request', async () => {
    const fetchMock = stubFetch(async () => jsonResponse({}));
    renderApp({ routes });
    await fillAndSubmit('admin@example.com', '');
    expect(screen.getByRole('alert')).toHaveTextContent('Please fill in all fields');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the server message on a non-OK answer and stays on the page', async () => {
    stubFetch(async () =>
      jsonResponse({ success: false, message: 'This account has no access to the admin panel' }, 403),
    );
    const { store, router } = renderApp({ routes });
    await fillAndSubmit();
    expect(await screen.findByRole('alert')).toHaveTextContent('This account has no access to the admin panel');
    expect(router.state.location.pathname).toBe('/');
    expect(store.getState().user).toMatchObject({
      currentUser: null,
      loading: false,
      error: 'This account has no access to the admin panel',
    });
  });

  it('falls back to Invalid credentials when the answer has no message', async () => {
    stubFetch(async () => jsonResponse({ success: false }, 401));
    renderApp({ routes });
    await fillAndSubmit();
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Invalid credentials$/);
  });

  it('shows the generic message on a network failure', async () => {
    stubFetch(async () => {
      throw new TypeError('Failed to fetch');
    });
    renderApp({ routes });
    await fillAndSubmit();
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong. Please try again.');
  });

  it('shows the generic message when the answer is not JSON', async () => {
    stubFetch(async () => new Response('<html>oops</html>', { status: 200 }));
    renderApp({ routes });
    await fillAndSubmit();
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong. Please try again.');
  });

  it('reads Signing In... and is disabled while the request is pending', async () => {
    stubFetch(() => new Promise<Response>(() => {}));
    const { store } = renderApp({ routes });
    await fillAndSubmit();
    const button = screen.getByRole('button', { name: 'Signing In...' });
    expect(button).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Sign In' })).not.toBeInTheDocument();
    expect(store.getState().user.loading).toBe(true);
  });

  it('stores the whole response, toasts and goes to the dashboard on success', async () => {
    const admin = makeUser();
    const fetchMock = stubFetch(async () => jsonResponse(admin));
    const { store, router } = renderApp({ routes });
    await fillAndSubmit('admin@example.com', 'secret-pass');

    expect(await screen.findByRole('heading', { name: 'Dashboard stand-in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/app/dashboard');
    expect(await screen.findByText('Successfully logged in!')).toBeInTheDocument();
    expect(store.getState().user).toEqual({ currentUser: admin, loading: false, error: false });

    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/auth/signin');
    expect(init).toMatchObject({ method: 'POST', credentials: 'include' });
    expect(JSON.parse(String(init?.body))).toEqual({
      email: 'admin@example.com',
      password: 'secret-pass',
    });
  });

  it('toggles password visibility', async () => {
    renderApp({ routes });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
  });

  it('answers Forgot Password? with the shared message', async () => {
    renderApp({ routes });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Forgot Password?' }));
    expect(screen.getByRole('status')).toHaveTextContent('Please ask an administrator to reset your password.');
  });

  it('sends a signed-in admin straight to the dashboard', async () => {
    renderApp({ routes, user: makeUser() });
    expect(await screen.findByRole('heading', { name: 'Dashboard stand-in' })).toBeInTheDocument();
  });

  it('keeps a signed-in non-admin on the sign-in page', async () => {
    const { router } = renderApp({ routes, user: makeUser({ isAdmin: false }) });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(screen.getByRole('heading', { name: 'Admin Panel Login' })).toBeInTheDocument();
  });
});
