import {
  createApi,
  fetchBaseQuery,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
} from '@reduxjs/toolkit/query/react';
import { signOut } from './session-events';

const rawBaseQuery = fetchBaseQuery({ baseUrl: '/api', credentials: 'include' });

/** Any 401 means the session is gone (docs/decisions/0012-access-control.md): clear it locally; the admin guard then goes to /. */
export const baseQueryWithSignOut: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError> = async (
  args,
  api,
  extraOptions,
) => {
  const result = await rawBaseQuery(args, api, extraOptions);
  if (result.error?.status === 401) api.dispatch(signOut());
  return result;
};

/** One RTK Query API for the app; features add endpoints with `baseApi.injectEndpoints`. */
export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery: baseQueryWithSignOut,
  endpoints: () => ({}),
});
