import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { PublicUser } from '@backoffice/contract';
import { signOut } from '../../lib/session-events';

/** Session state of spec §3: error is `false` or the failure payload (a message). */
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

/** Transitions of spec §4 (Session). */
export const userSlice = createSlice({
  name: 'user',
  initialState: initialUserState,
  reducers: {
    signInStart: start,
    signInSuccess: success,
    signInFailure: failure,
    updateUserStart: start,
    updateUserSuccess: success,
    updateUserFailure: failure,
    deleteUserSuccess: (state) => {
      state.currentUser = null;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(signOut, (state) => {
      state.currentUser = null;
      state.loading = false;
      state.error = false;
    });
  },
});

export const {
  signInStart,
  signInSuccess,
  signInFailure,
  updateUserStart,
  updateUserSuccess,
  updateUserFailure,
  deleteUserSuccess,
} = userSlice.actions;
export { signOut };

export const userReducer = userSlice.reducer;

export const selectCurrentUser = (state: { user: UserState }) => state.user.currentUser;
export const selectIsAdmin = (state: { user: UserState }) => state.user.currentUser?.isAdmin === true;
