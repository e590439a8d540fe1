import type { ModerationRule } from '@backoffice/contract';
import { baseApi } from '../../lib/api';

/**
 * The queues live rules route ads to (docs/decisions/0030-moderation-rules.md), each a view of the
 * directory (`?queue=NAME`): read from the rules' `route` actions, by name.
 */
const ruleQueuesApi = baseApi.enhanceEndpoints({ addTagTypes: ['ModerationRules'] }).injectEndpoints({
  endpoints: (build) => ({
    routedQueues: build.query<string[], void>({
      query: () => '/moderation-rules',
      transformResponse: (res: { rules?: unknown }) => {
        const rules = Array.isArray(res.rules) ? (res.rules as ModerationRule[]) : [];
        const names = rules.flatMap((r) =>
          r.mode === 'live' && r.action.type === 'route' && r.action.queue ? [r.action.queue] : [],
        );
        return [...new Set(names)].sort((a, b) => a.localeCompare(b));
      },
      providesTags: ['ModerationRules'],
    }),
  }),
});

export const { useRoutedQueuesQuery } = ruleQueuesApi;
