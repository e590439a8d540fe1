import { createAction } from '@reduxjs/toolkit';
import type { PublicUser } from '@backoffice/contract';

/**
 * Sign-out lives in `lib` so the API base can dispatch it on any 401 (docs/decisions/0012-access-control.md) without importing a
 * feature; the user slice handles it and re-exports it as its `signOut` action.
 */
export const signOut = createAction('user/signOut');

/**
 * The signed-in admin can edit their own record on the user screens, outside the auth feature;
 * these keep the session's currentUser in step (the user slice handles them).
 */
export const updateUserStart = createAction('user/updateUserStart');
export const updateUserSuccess = createAction<PublicUser>('user/updateUserSuccess');
export const updateUserFailure = createAction<string>('user/updateUserFailure');

export const selectCurrentUser = (state: { user: { currentUser: PublicUser | null } }) => state.user.currentUser;
