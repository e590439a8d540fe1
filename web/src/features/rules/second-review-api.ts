import type { SecondReview, SecondReviewAnswer, SecondReviewSettleAction } from '@backoffice/contract';
import { baseApi } from '../../lib/api';

export type SecondReviewState = 'open' | 'disagreed' | 'answered';
/** Items asked for at once; the list says when there are more. */
export const SECOND_REVIEW_PAGE = 50;
const reviewPath = (id: string) => `/second-reviews/${encodeURIComponent(id)}`;

/**
 * Second review (docs/decisions/0030-moderation-rules.md): sampled decisions answered blind, the
 * disagreements settled by a senior, and the share of decisions sampled.
 */
export const secondReviewApi = baseApi
  .enhanceEndpoints({ addTagTypes: ['SecondReviews', 'SecondReviewSettings'] })
  .injectEndpoints({
    endpoints: (build) => ({
      /** One page of a view; `after` is the previous page's `next` (keyset). */
      secondReviews: build.query<
        { items: SecondReview[]; next: string | null },
        { state: SecondReviewState; after?: string }
      >({
        query: ({ state, after }) =>
          `/second-reviews?${new URLSearchParams({ state, pageSize: String(SECOND_REVIEW_PAGE), ...(after ? { after } : {}) })}`,
        transformResponse: (res: { items?: SecondReview[]; next?: string | null }) => ({
          items: res.items ?? [],
          next: res.next ?? null,
        }),
        providesTags: ['SecondReviews'],
      }),
      /** The answer reveals the first decision: the server sends the review back whole. */
      answerSecondReview: build.mutation<
        SecondReview | null,
        { id: string; answer: SecondReviewAnswer; note?: string }
      >({
        query: ({ id, ...body }) => ({ url: `${reviewPath(id)}/answer`, method: 'POST', body }),
        transformResponse: (res: { item?: SecondReview }) => res.item ?? null,
        invalidatesTags: ['SecondReviews'],
      }),
      /** A senior's action on a disagreement, recorded: it leaves the Disagreed list. */
      settleSecondReview: build.mutation<void, { id: string; action: SecondReviewSettleAction; note?: string }>({
        query: ({ id, ...body }) => ({ url: `${reviewPath(id)}/settle`, method: 'POST', body }),
        invalidatesTags: ['SecondReviews'],
      }),
      secondReviewSettings: build.query<{ rate: number }, void>({
        query: () => '/second-reviews/settings',
        transformResponse: (res: { rate?: number }) => ({ rate: res.rate ?? 0 }),
        providesTags: ['SecondReviewSettings'],
      }),
      updateSecondReviewSettings: build.mutation<void, { rate: number }>({
        query: (body) => ({ url: '/second-reviews/settings', method: 'PUT', body }),
        invalidatesTags: ['SecondReviewSettings'],
      }),
    }),
  });

export const {
  useSecondReviewsQuery,
  useAnswerSecondReviewMutation,
  useSettleSecondReviewMutation,
  useSecondReviewSettingsQuery,
  useUpdateSecondReviewSettingsMutation,
} = secondReviewApi;
