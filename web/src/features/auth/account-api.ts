import type {
  AccountSecurity,
  AccountSession,
  ChangePasswordBody,
  Passkey,
  SecondFactorBody,
} from '@backoffice/contract';
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
    getPasskeys: build.query<{ passkeys: Passkey[] }, void>({
      query: () => '/auth/passkeys',
      providesTags: ['Account'],
    }),
    passkeyOptions: build.mutation<{ options: Record<string, unknown> & { challenge: string } }, void>({
      query: () => ({ url: '/auth/passkeys/options', method: 'POST' }),
    }),
    addPasskey: build.mutation<{ passkey: Passkey }, { name: string; response: unknown }>({
      query: (body) => ({ url: '/auth/passkeys', method: 'POST', body }),
      invalidatesTags: ['Account'],
    }),
    removePasskey: build.mutation<{ success: true }, string>({
      query: (id) => ({ url: `/auth/passkeys/${encodeURIComponent(id)}`, method: 'DELETE' }),
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
  useGetPasskeysQuery,
  usePasskeyOptionsMutation,
  useAddPasskeyMutation,
  useRemovePasskeyMutation,
} = accountApi;
