import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { PublicUser } from '@backoffice/contract';
import {
  selectCurrentUser,
  signOut,
  updateUserFailure,
  updateUserStart,
  updateUserSuccess,
} from '../../lib/session-events';

/** Session state of docs/product.md#entities: error is `false` or the failure payload (a message). */
export interface UserState {
  currentUser: PublicUser | null;
  loading: boolean;
  error: false | string;
}

export const initialUserState: UserState = { currentUser: null, loading: false, error: false };

const start = (state: UserState) => {
  state.loading = true;
};
const success = (state: UserState, action: PayloadAction<PublicUser>) => {
  state.currentUser = action.payload;
  state.loading = false;
  state.error = false;
};
const failure = (state: UserState, action: PayloadAction<string>) => {
  state.loading = false;
  state.error = action.payload;
};

/** Transitions of docs/product.md#states-and-transitions (Session). */
export const userSlice = createSlice({
  name: 'user',
  initialState: initialUserState,
  reducers: {
    signInStart: start,
    signInSuccess: success,
    signInFailure: failure,
    deleteUserSuccess: (state) => {
      state.currentUser = null;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(updateUserStart, start);
    builder.addCase(updateUserSuccess, success);
    builder.addCase(updateUserFailure, failure);
    builder.addCase(signOut, (state) => {
      state.currentUser = null;
      state.loading = false;
      state.error = false;
    });
  },
});

export const { signInStart, signInSuccess, signInFailure, deleteUserSuccess } = userSlice.actions;
export { selectCurrentUser, signOut, updateUserFailure, updateUserStart, updateUserSuccess };

export const userReducer = userSlice.reducer;

export const selectIsAdmin = (state: { user: UserState }) => state.user.currentUser?.isAdmin === true;
