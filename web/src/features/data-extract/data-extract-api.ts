import type { AdListResponse, DataExtractDataset, DataExtractParams } from '@backoffice/contract';
import { baseApi, withQuery } from '../../lib/api';

export const extractUrl = (dataset: DataExtractDataset, params: DataExtractParams, what: 'count' | 'export') =>
  withQuery(`/data-extract/${dataset}/${what}`, params);

export const dataExtractApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    countExtract: build.query<{ total: number }, { dataset: DataExtractDataset; params: DataExtractParams }>({
      query: ({ dataset, params }) => extractUrl(dataset, params, 'count'),
      // The count belongs to the moment of asking: a later visit asks again.
      keepUnusedDataFor: 0,
    }),
    // The categories and districts that have ads (the list's facets), for the ads' filters.
    extractFacets: build.query<AdListResponse['facets'], void>({
      query: () => '/advertisements/list?page=1&pageSize=1',
      transformResponse: (response: AdListResponse) => response.facets,
    }),
  }),
});

export const { useCountExtractQuery, useExtractFacetsQuery } = dataExtractApi;
