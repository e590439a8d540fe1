import type { AdClaimResponse, RejectionReasonBody, RejectionReasonTemplate } from '@backoffice/contract';
import { baseApi } from '../../lib/api';

const claimPath = (id: string) => `/advertisements/${encodeURIComponent(id)}/claim`;
const reasonPath = (id: string) => `/rejection-reasons/${encodeURIComponent(id)}`;

/**
 * Claims on pending ads and rejection-reason templates (contract/src/live.ts). A claim's change
 * reaches the list through the live event stream, so claiming invalidates nothing.
 */
export const liveApi = baseApi.enhanceEndpoints({ addTagTypes: ['RejectionReasons'] }).injectEndpoints({
  endpoints: (build) => ({
    claimAd: build.mutation<AdClaimResponse, { id: string; takeOver?: boolean }>({
      query: ({ id, takeOver }) => ({
        url: claimPath(id),
        method: 'POST',
        body: takeOver ? { takeOver: true } : {},
      }),
    }),
    releaseAd: build.mutation<{ success: true }, string>({
      query: (id) => ({ url: claimPath(id), method: 'DELETE' }),
    }),
    listRejectionReasons: build.query<{ success: true; reasons: RejectionReasonTemplate[] }, void>({
      query: () => '/rejection-reasons',
      providesTags: ['RejectionReasons'],
    }),
    createRejectionReason: build.mutation<{ success: true; reason: RejectionReasonTemplate }, RejectionReasonBody>({
      query: (body) => ({ url: '/rejection-reasons', method: 'POST', body }),
      invalidatesTags: ['RejectionReasons'],
    }),
    updateRejectionReason: build.mutation<
      { success: true; reason: RejectionReasonTemplate },
      { id: string; body: RejectionReasonBody }
    >({
      query: ({ id, body }) => ({ url: reasonPath(id), method: 'PUT', body }),
      invalidatesTags: ['RejectionReasons'],
    }),
    deleteRejectionReason: build.mutation<{ success: true }, string>({
      query: (id) => ({ url: reasonPath(id), method: 'DELETE' }),
      invalidatesTags: ['RejectionReasons'],
    }),
  }),
});

export const {
  useClaimAdMutation,
  useReleaseAdMutation,
  useListRejectionReasonsQuery,
  useCreateRejectionReasonMutation,
  useUpdateRejectionReasonMutation,
  useDeleteRejectionReasonMutation,
} = liveApi;
