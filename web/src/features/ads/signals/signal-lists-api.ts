import type {
  BlockedPhone,
  BlockedPhoneBody,
  BlockedPhonesResponse,
  RiskyPhraseBody,
  RiskyPhraseItem,
  RiskyPhrasesResponse,
} from '@backoffice/contract';
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

/** The risky phrase lists (GET/POST/DELETE /api/signals/phrases): shipped phrases and admins' changes. */
export const riskyPhrasesApi = baseApi.enhanceEndpoints({ addTagTypes: ['RiskyPhrases'] }).injectEndpoints({
  endpoints: (build) => ({
    riskyPhrases: build.query<RiskyPhraseItem[], void>({
      query: () => '/signals/phrases',
      transformResponse: (res: Partial<RiskyPhrasesResponse>) => res.phrases ?? [],
      providesTags: ['RiskyPhrases'],
    }),
    addRiskyPhrase: build.mutation<RiskyPhraseItem, RiskyPhraseBody>({
      query: (body) => ({ url: '/signals/phrases', method: 'POST', body }),
      transformResponse: (res: { phrase: RiskyPhraseItem }) => res.phrase,
      invalidatesTags: ['RiskyPhrases'],
    }),
    removeRiskyPhrase: build.mutation<void, RiskyPhraseBody>({
      query: (params) => ({ url: `/signals/phrases?${new URLSearchParams(params).toString()}`, method: 'DELETE' }),
      invalidatesTags: ['RiskyPhrases'],
    }),
  }),
});

export const { useRiskyPhrasesQuery, useAddRiskyPhraseMutation, useRemoveRiskyPhraseMutation } = riskyPhrasesApi;
