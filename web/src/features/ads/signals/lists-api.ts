import type { ListImportResponse, ModerationQueue, ModerationQueuesResponse } from '@backoffice/contract';
import { baseApi } from '../../../lib/api';

/** Where each list admins maintain is downloaded as CSV (a plain link: the browser saves the file). */
export const listExportUrls = {
  blockedPhones: '/api/signals/blocked-phones/export.csv',
  riskyPhrases: '/api/signals/phrases/export.csv',
  queues: '/api/moderation-queues/export.csv',
} as const;

const csvPost = (url: string, csv: string) => ({
  url,
  method: 'POST',
  body: csv,
  headers: { 'content-type': 'text/csv' },
});

/**
 * The lists admins maintain (issue 34.5): the queue names (GET/POST/DELETE /api/moderation-queues)
 * and each list's CSV import, all or nothing (a 400's `errors` name the bad lines by number). An
 * import refetches its list; blocked numbers refetch the ads too (their pending ads are re-analysed).
 */
export const listsApi = baseApi
  .enhanceEndpoints({ addTagTypes: ['BlockedPhones', 'Ads', 'RiskyPhrases', 'Queues'] })
  .injectEndpoints({
    endpoints: (build) => ({
      moderationQueues: build.query<ModerationQueue[], void>({
        query: () => '/moderation-queues',
        transformResponse: (res: Partial<ModerationQueuesResponse>) => res.queues ?? [],
        providesTags: ['Queues'],
      }),
      addModerationQueue: build.mutation<ModerationQueue, string>({
        query: (name) => ({ url: '/moderation-queues', method: 'POST', body: { name } }),
        transformResponse: (res: { queue: ModerationQueue }) => res.queue,
        invalidatesTags: ['Queues'],
      }),
      deleteModerationQueue: build.mutation<void, string>({
        query: (name) => ({ url: `/moderation-queues/${encodeURIComponent(name)}`, method: 'DELETE' }),
        invalidatesTags: ['Queues'],
      }),
      importBlockedPhones: build.mutation<ListImportResponse, string>({
        query: (csv) => csvPost('/signals/blocked-phones/import', csv),
        invalidatesTags: ['BlockedPhones', 'Ads'],
      }),
      importRiskyPhrases: build.mutation<ListImportResponse, string>({
        query: (csv) => csvPost('/signals/phrases/import', csv),
        invalidatesTags: ['RiskyPhrases'],
      }),
      importModerationQueues: build.mutation<ListImportResponse, string>({
        query: (csv) => csvPost('/moderation-queues/import', csv),
        invalidatesTags: ['Queues'],
      }),
    }),
  });

export const {
  useModerationQueuesQuery,
  useAddModerationQueueMutation,
  useDeleteModerationQueueMutation,
  useImportBlockedPhonesMutation,
  useImportRiskyPhrasesMutation,
  useImportModerationQueuesMutation,
} = listsApi;
