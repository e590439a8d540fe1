import type {
  Duty,
  DutyCreateInput,
  DutyListParams,
  DutyListResponse,
  DutyMutationResponse,
  DutyUpdateInput,
} from '@backoffice/contract';
import { baseApi, withQuery } from '../../lib/api';

/** `{id}` in the paths is the duty's `_id` (uuid); the `#D` code travels in the body (decision 0005). */
const dutyPath = (id: string) => `/duties/${encodeURIComponent(id)}`;

/** Duty calls in docs/product.md#calls; every change refetches the list (tag `Duties`). */
export const dutiesApi = baseApi.enhanceEndpoints({ addTagTypes: ['Duties'] }).injectEndpoints({
  endpoints: (build) => ({
    /** Filtered on the server (`search`, `status`): docs/decisions/0024-list-screen-kit.md. */
    listDuties: build.query<Duty[], DutyListParams | void>({
      query: (params) => withQuery('/duties', params ?? {}),
      transformResponse: (response: DutyListResponse) => response.duties,
      providesTags: ['Duties'],
    }),
    createDuty: build.mutation<Duty, DutyCreateInput>({
      query: (body) => ({ url: '/duties', method: 'POST', body }),
      transformResponse: (response: DutyMutationResponse) => response.duty,
      invalidatesTags: ['Duties'],
    }),
    updateDuty: build.mutation<Duty, { id: string; body: DutyUpdateInput }>({
      query: ({ id, body }) => ({ url: dutyPath(id), method: 'PUT', body }),
      transformResponse: (response: DutyMutationResponse) => response.duty,
      invalidatesTags: ['Duties'],
    }),
    deleteDuty: build.mutation<{ success: true }, string>({
      query: (id) => ({ url: dutyPath(id), method: 'DELETE' }),
      invalidatesTags: ['Duties'],
    }),
  }),
});

export const { useListDutiesQuery, useCreateDutyMutation, useUpdateDutyMutation, useDeleteDutyMutation } = dutiesApi;
