import type { PublicUser } from '@backoffice/contract';
import { baseApi } from '../../lib/api';

/** Session check: a 401 here signs the client out through the API base (docs/decisions/0012-access-control.md). */
export const authApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getSession: build.query<PublicUser, void>({ query: () => '/auth/session' }),
  }),
});

export const { useGetSessionQuery } = authApi;
