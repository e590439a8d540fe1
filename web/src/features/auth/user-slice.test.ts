import { describe, expect, it } from 'vitest';
import {
  deleteUserSuccess,
  initialUserState,
  signInFailure,
  signInStart,
  signInSuccess,
  signOut,
  updateUserFailure,
  updateUserStart,
  updateUserSuccess,
  userReducer,
  type UserState,
} from './user-slice';
import { makeUser } from '../../test/fixtures';

const admin = makeUser();
const signedIn: UserState = { currentUser: admin, loading: false, error: false };

describe('user slice (Session in docs/product.md#states-and-transitions)', () => {
  it('starts signed out, idle, without error', () => {
    expect(userReducer(undefined, { type: '@@init' })).toEqual({
      currentUser: null,
      loading: false,
      error: false,
    });
  });

  it('signInStart sets loading and keeps the rest', () => {
    const state = userReducer({ ...initialUserState, error: 'old' }, signInStart());
    expect(state).toEqual({ currentUser: null, loading: true, error: 'old' });
  });

  it('signInSuccess stores the user and clears loading and error', () => {
    const state = userReducer({ currentUser: null, loading: true, error: 'Invalid credentials' }, signInSuccess(admin));
    expect(state).toEqual({ currentUser: admin, loading: false, error: false });
  });

  it('signInFailure clears loading and stores the error', () => {
    const state = userReducer({ ...initialUserState, loading: true }, signInFailure('Nope'));
    expect(state).toEqual({ currentUser: null, loading: false, error: 'Nope' });
  });

  it('updateUserStart sets loading', () => {
    expect(userReducer(signedIn, updateUserStart())).toEqual({ ...signedIn, loading: true });
  });

  it('updateUserSuccess replaces the user and clears loading and error', () => {
    const renamed = makeUser({ username: 'renamed' });
    const state = userReducer({ currentUser: admin, loading: true, error: 'x' }, updateUserSuccess(renamed));
    expect(state).toEqual({ currentUser: renamed, loading: false, error: false });
  });

  it('updateUserFailure clears loading, stores the error and keeps the user', () => {
    const state = userReducer({ ...signedIn, loading: true }, updateUserFailure('Failed'));
    expect(state).toEqual({ currentUser: admin, loading: false, error: 'Failed' });
  });

  it('deleteUserSuccess clears the user', () => {
    expect(userReducer(signedIn, deleteUserSuccess()).currentUser).toBeNull();
  });

  it('signOut clears user, loading and error', () => {
    const state = userReducer({ currentUser: admin, loading: true, error: 'x' }, signOut());
    expect(state).toEqual({ currentUser: null, loading: false, error: false });
  });
});
