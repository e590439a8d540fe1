import type { Backtest, ModerationRule, RejectionReasonTemplate, RuleBody } from '@backoffice/contract';
import { baseApi } from '../../lib/api';

const rulePath = (id: string) => `/moderation-rules/${encodeURIComponent(id)}`;
const backtestPath = (ruleId: string, backtestId: string) =>
  `${rulePath(ruleId)}/backtests/${encodeURIComponent(backtestId)}`;

/**
 * Moderation rules (docs/decisions/0030-moderation-rules.md): the rules in run order, their saves
 * and deletes, and their backtests (started, polled while running, cancelled). A finished backtest
 * changes the rule's latest figures, so it refetches the rules.
 */
export const rulesApi = baseApi
  .enhanceEndpoints({ addTagTypes: ['ModerationRules', 'RejectionReasons', 'Queues'] })
  .injectEndpoints({
    endpoints: (build) => ({
      moderationRules: build.query<ModerationRule[], void>({
        query: () => '/moderation-rules',
        transformResponse: (res: { rules?: ModerationRule[] }) => res.rules ?? [],
        providesTags: ['ModerationRules'],
      }),
      createRule: build.mutation<ModerationRule, RuleBody>({
        query: (body) => ({ url: '/moderation-rules', method: 'POST', body }),
        transformResponse: (res: { rule: ModerationRule }) => res.rule,
        invalidatesTags: ['ModerationRules'],
      }),
      updateRule: build.mutation<ModerationRule, { id: string; body: RuleBody }>({
        query: ({ id, body }) => ({ url: rulePath(id), method: 'PUT', body }),
        transformResponse: (res: { rule: ModerationRule }) => res.rule,
        invalidatesTags: ['ModerationRules'],
      }),
      deleteRule: build.mutation<void, string>({
        query: (id) => ({ url: rulePath(id), method: 'DELETE' }),
        invalidatesTags: ['ModerationRules'],
      }),
      startBacktest: build.mutation<Backtest, { ruleId: string; limit: number }>({
        query: ({ ruleId, limit }) => ({ url: `${rulePath(ruleId)}/backtest`, method: 'POST', body: { limit } }),
        invalidatesTags: ['ModerationRules'],
      }),
      cancelBacktest: build.mutation<Backtest, { ruleId: string; backtestId: string }>({
        query: ({ ruleId, backtestId }) => ({ url: `${backtestPath(ruleId, backtestId)}/cancel`, method: 'POST' }),
        invalidatesTags: ['ModerationRules'],
      }),
      /** The queue names admins keep (a route rule names one); offered as suggestions, fresh after the Queues dialog's changes. */
      ruleQueues: build.query<string[], void>({
        query: () => '/moderation-queues',
        transformResponse: (res: { queues?: { name: string }[] }) => (res.queues ?? []).map((q) => q.name),
        providesTags: ['Queues'],
      }),
      /** The rejection reason templates a reject rule names (the same list the Reject modal manages). */
      ruleRejectionReasons: build.query<RejectionReasonTemplate[], void>({
        query: () => '/rejection-reasons',
        transformResponse: (res: { reasons?: RejectionReasonTemplate[] }) => res.reasons ?? [],
        providesTags: ['RejectionReasons'],
      }),
    }),
  });

/** A backtest while it runs: once it has ended the rule's latest figures changed, so the rules are asked again. */
const backtestApi = rulesApi.injectEndpoints({
  endpoints: (build) => ({
    backtest: build.query<Backtest, { ruleId: string; backtestId: string }>({
      query: ({ ruleId, backtestId }) => backtestPath(ruleId, backtestId),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const answer = await queryFulfilled.catch(() => null);
        if (answer && answer.data.state !== 'running') dispatch(rulesApi.util.invalidateTags(['ModerationRules']));
      },
    }),
  }),
});
export const { useBacktestQuery } = backtestApi;

export const {
  useModerationRulesQuery,
  useCreateRuleMutation,
  useUpdateRuleMutation,
  useDeleteRuleMutation,
  useStartBacktestMutation,
  useCancelBacktestMutation,
  useRuleRejectionReasonsQuery,
  useRuleQueuesQuery,
} = rulesApi;
