import type { AccountSecurity, AccountSession, ChangePasswordBody, SecondFactorBody } from '@backoffice/contract';
import { baseApi } from '../../lib/api';

const tags = baseApi.enhanceEndpoints({ addTagTypes: ['Account'] });

/** The signed-in admin's own account (issue 36.4, docs/decisions/0032-two-factor.md). */
export const accountApi = tags.injectEndpoints({
  endpoints: (build) => ({
    getAccount: build.query<AccountSecurity, void>({ query: () => '/auth/account', providesTags: ['Account'] }),
    getAccountSessions: build.query<{ sessions: AccountSession[] }, void>({
      query: () => '/auth/sessions',
      providesTags: ['Account'],
    }),
    changePassword: build.mutation<{ success: true }, ChangePasswordBody>({
      query: (body) => ({ url: '/auth/password', method: 'POST', body }),
      invalidatesTags: ['Account'],
    }),
    endSession: build.mutation<{ success: true }, string>({
      query: (id) => ({ url: `/auth/sessions/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: ['Account'],
    }),
    newRecoveryCodes: build.mutation<{ recoveryCodes: string[] }, SecondFactorBody>({
      query: (body) => ({ url: '/auth/2fa/recovery-codes', method: 'POST', body }),
      invalidatesTags: ['Account'],
    }),
    resetTwoFactor: build.mutation<{ success: true }, SecondFactorBody>({
      query: (body) => ({ url: '/auth/2fa/reset', method: 'POST', body }),
      invalidatesTags: ['Account'],
    }),
  }),
});

export const {
  useGetAccountQuery,
  useGetAccountSessionsQuery,
  useChangePasswordMutation,
  useEndSessionMutation,
  useNewRecoveryCodesMutation,
  useResetTwoFactorMutation,
} = accountApi;
