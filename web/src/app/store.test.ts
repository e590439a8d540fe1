import { describe, expect, it } from 'vitest';
import { signInSuccess } from '../features/auth/user-slice';
import { makeUser } from '../test/fixtures';
import { persistor, store } from './store';

describe('the persisted store', () => {
  it('writes a sign-in to storage when the page is left at once, before redux-persist would', async () => {
    await new Promise<void>((resolve) => {
      if (persistor.getState().bootstrapped) return resolve();
      const stop = persistor.subscribe(() => persistor.getState().bootstrapped && (stop(), resolve()));
    });
    const user = makeUser({ email: 'left.at.once@example.lk' });
    store.dispatch(signInSuccess(user));
    expect(window.localStorage.getItem('persist:root') ?? '').not.toContain(user.email);
    window.dispatchEvent(new Event('pagehide'));
    expect(window.localStorage.getItem('persist:root') ?? '').toContain(user.email);
  });
});
