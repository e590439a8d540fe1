import type { UserStrikes, UserStrikesResponse } from '@backoffice/contract';
import { baseApi } from './api';

const strikesPath = (userId: string) => `/users/${encodeURIComponent(userId)}/strikes`;

/**
 * An advertiser's strikes (docs/decisions/0035-strikes-and-languages.md), read by the user page and
 * the panel's advertiser card; removing one (with a note) refreshes both, and the user's record.
 */
export const strikesApi = baseApi.enhanceEndpoints({ addTagTypes: ['Strikes', 'User'] }).injectEndpoints({
  endpoints: (build) => ({
    userStrikes: build.query<UserStrikes, string>({
      query: (userId) => strikesPath(userId),
      transformResponse: (res: UserStrikesResponse) => res.strikes,
      providesTags: (_result, _error, userId) => [{ type: 'Strikes', id: userId }],
    }),
    removeStrike: build.mutation<UserStrikes, { userId: string; adId: string; note: string }>({
      query: ({ userId, adId, note }) => ({
        url: `${strikesPath(userId)}/${encodeURIComponent(adId)}`,
        method: 'DELETE',
        body: { note },
      }),
      invalidatesTags: (_result, _error, { userId }) => [
        { type: 'Strikes', id: userId },
        { type: 'User', id: userId },
      ],
    }),
  }),
});

export const { useUserStrikesQuery, useRemoveStrikeMutation } = strikesApi;
