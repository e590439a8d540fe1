import type { BlockedPhone, BlockedPhoneBody, BlockedPhonesResponse } from '@backoffice/contract';
import { baseApi } from '../../../lib/api';

/**
 * The phone blocklist (GET/POST/DELETE /api/signals/blocked-phones): numbers stored in E.164. A
 * change re-analyses the pending ads carrying the number, so it refetches the ads too.
 */
export const blockedPhonesApi = baseApi.enhanceEndpoints({ addTagTypes: ['BlockedPhones', 'Ads'] }).injectEndpoints({
  endpoints: (build) => ({
    blockedPhones: build.query<BlockedPhone[], void>({
      query: () => '/signals/blocked-phones',
      transformResponse: (res: Partial<BlockedPhonesResponse>) => res.phones ?? [],
      providesTags: ['BlockedPhones'],
    }),
    blockPhone: build.mutation<BlockedPhone, BlockedPhoneBody>({
      query: (body) => ({ url: '/signals/blocked-phones', method: 'POST', body }),
      transformResponse: (res: { phone: BlockedPhone }) => res.phone,
      invalidatesTags: ['BlockedPhones', 'Ads'],
    }),
    unblockPhone: build.mutation<void, string>({
      query: (phone) => ({ url: `/signals/blocked-phones/${encodeURIComponent(phone)}`, method: 'DELETE' }),
      invalidatesTags: ['BlockedPhones', 'Ads'],
    }),
  }),
});

export const { useBlockedPhonesQuery, useBlockPhoneMutation, useUnblockPhoneMutation } = blockedPhonesApi;
