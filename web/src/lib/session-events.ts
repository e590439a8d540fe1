import { createAction } from '@reduxjs/toolkit';

/**
 * Sign-out lives in `lib` so the API base can dispatch it on any 401 (D9) without importing a
 * feature; the user slice handles it and re-exports it as its `signOut` action.
 */
export const signOut = createAction('user/signOut');
