import type {
  PublicUser,
  UserCountParams,
  UserCountResponse,
  UserDetailResponse,
  UserListParams,
  UserListResponse,
  UserUpdateInput,
} from '@backoffice/contract';
import { baseApi, withQuery } from '../../lib/api';

/** Query string of GET /api/users (or its count); an empty search is left out. */
export function userListUrl(params: UserListParams | UserCountParams, path = '/users'): string {
  return withQuery(path, params);
}

const userPath = (id: string) => `/users/${encodeURIComponent(id)}`;

/**
 * User calls in docs/product.md#calls. The list (tag `Users`) and each user (tag `User`/id) refetch after a change.
 * A delete does not refetch the deleted user's own entry: the screen showing it leaves at once.
 */
export const usersApi = baseApi.enhanceEndpoints({ addTagTypes: ['Users', 'User'] }).injectEndpoints({
  endpoints: (build) => ({
    listUsers: build.query<UserListResponse, UserListParams>({
      query: (params) => userListUrl(params),
      providesTags: ['Users'],
    }),
    // A search's total, when its page does not show the end: cached per search, not per page.
    countUsers: build.query<UserCountResponse, UserCountParams>({
      query: (params) => userListUrl(params, '/users/count'),
      providesTags: ['Users'],
    }),
    getUser: build.query<UserDetailResponse, string>({
      query: (id) => userPath(id),
      providesTags: (_result, _error, id) => [{ type: 'User', id }],
    }),
    updateUser: build.mutation<PublicUser, { id: string; body: UserUpdateInput }>({
      query: ({ id, body }) => ({ url: userPath(id), method: 'PUT', body }),
      invalidatesTags: (_result, _error, { id }) => ['Users', { type: 'User', id }],
    }),
    deleteUser: build.mutation<{ success: true }, string>({
      query: (id) => ({ url: userPath(id), method: 'DELETE' }),
      invalidatesTags: ['Users'],
    }),
  }),
});

export const { useListUsersQuery, useCountUsersQuery, useGetUserQuery, useUpdateUserMutation, useDeleteUserMutation } =
  usersApi;
