import { baseApi } from '../../../lib/api';
import type {
  AdDuplicate,
  AdDuplicatesResponse,
  AdResponse,
  AdSignalsResponse,
  Advertisement,
} from '@backoffice/contract';

const adPath = (id: string) => `/advertisements/${encodeURIComponent(id)}`;

/**
 * An ad's trust signals with their evidence (GET /api/advertisements/{id}/signals) and its
 * near-duplicates (…/duplicates), for the side panel. Tagged `Ads`: a decision refetches them, so a
 * rejected repost shows its new status in the group.
 */
export const signalsApi = baseApi.enhanceEndpoints({ addTagTypes: ['Ads'] }).injectEndpoints({
  endpoints: (build) => ({
    adSignals: build.query<Omit<AdSignalsResponse, 'success'>, string>({
      query: (id) => `${adPath(id)}/signals`,
      transformResponse: (res: Partial<AdSignalsResponse>) => ({
        risk: res.risk ?? null,
        signals: res.signals ?? [],
        analysedAt: res.analysedAt ?? null,
        unreadableImages: res.unreadableImages ?? [],
      }),
      providesTags: ['Ads'],
    }),
    adDuplicates: build.query<AdDuplicate[], string>({
      query: (id) => `${adPath(id)}/duplicates`,
      transformResponse: (res: Partial<AdDuplicatesResponse>) => res.duplicates ?? [],
      providesTags: ['Ads'],
    }),
    /** A duplicate as a whole ad (GET /api/advertisements/{id}), to open it in the panel. */
    duplicateAd: build.query<Advertisement, string>({
      query: (id) => adPath(id),
      transformResponse: (res: AdResponse) => res.advertisement,
      providesTags: ['Ads'],
    }),
  }),
});

export const { useAdSignalsQuery, useAdDuplicatesQuery, useDuplicateAdQuery, useLazyDuplicateAdQuery } = signalsApi;
