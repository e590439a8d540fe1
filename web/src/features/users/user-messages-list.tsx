import type { AdvertiserMessage, AdvertiserMessageListResponse } from '@backoffice/contract';
import { advertiserMessageLine } from '@backoffice/contract';
import {
  Badge,
  Button,
  EmptyState,
  FailedRow,
  Panel,
  SkeletonRows,
  TableCount,
  TableFrame,
  Th,
  cx,
  rowClass,
  tdClass,
  theadClass,
  type BadgeTone,
} from '../../components/ui';
import { formatDateTime } from '../../lib/dates';
import { serverMessage } from '../../lib/api';
import { useCan } from '../../lib/permissions';
import { usersApi } from './users-api';

/** How many of an advertiser's messages the user page shows, newest first. */
const USER_MESSAGES_COUNT = 20;

const tag = (userId: string) => ({ type: 'AdvertiserMessages' as const, id: `user:${userId}` });

/** One advertiser's messages (GET /api/advertiser-messages?userId=) and the retry of a failed one. */
const messagesApi = usersApi.enhanceEndpoints({ addTagTypes: ['AdvertiserMessages'] }).injectEndpoints({
  endpoints: (build) => ({
    userAdvertiserMessages: build.query<AdvertiserMessageListResponse, string>({
      query: (userId) => `/advertiser-messages?userId=${encodeURIComponent(userId)}&pageSize=${USER_MESSAGES_COUNT}`,
      providesTags: (_r, _e, userId) => [tag(userId)],
    }),
    retryUserMessage: build.mutation<unknown, { id: number; userId: string }>({
      query: ({ id }) => ({ url: `/advertiser-messages/${id}/retry`, method: 'POST' }),
      invalidatesTags: (_r, _e, { userId }) => [tag(userId)],
    }),
  }),
});
const { useUserAdvertiserMessagesQuery, useRetryUserMessageMutation } = messagesApi;

/** Sent, failed, or retrying (still queued after a failed attempt); a first attempt not made yet is queued. */
function messageState(m: AdvertiserMessage): { label: string; tone: BadgeTone } {
  if (m.status === 'sent') return { label: 'Sent', tone: 'emerald' };
  if (m.status === 'failed') return { label: 'Failed', tone: 'rose' };
  return m.attempts > 0 ? { label: 'Retrying', tone: 'amber' } : { label: 'Queued', tone: 'slate' };
}

const channelName = { email: 'Email', sms: 'SMS' } as const;

/**
 * The user page's "Messages to the advertiser" (issue 32.8): each message about their ads, newest
 * first, with channel, state and time, and Retry on a failed one (docs/decisions/0022-advertiser-messages.md).
 */
export function UserMessages({ userId }: { userId: string }) {
  const query = useUserAdvertiserMessagesQuery(userId, { refetchOnMountOrArgChange: true });
  const [retry, retrying] = useRetryUserMessageMutation();
  // Support sees the messages; a retry is messages.retry (docs/decisions/0033-roles.md).
  const canRetry = useCan('messages.retry');
  // An answer without a list (not this call's shape) is shown as no answer yet.
  const data = Array.isArray(query.currentData?.messages) ? query.currentData : undefined;
  const messages = data?.messages;
  const failedRetry = retrying.isError ? serverMessage(retrying.error, advertiserMessageLine.retryFailed) : null;
  return (
    <section aria-labelledby="user-messages-title" className="mt-6">
      <h2 id="user-messages-title" className="mb-3 text-lg font-semibold text-slate-100">
        Messages to the advertiser
      </h2>
      {failedRetry && (
        <p role="alert" className="mb-2 text-sm text-rose-300">
          {failedRetry}
        </p>
      )}
      <Panel flush className="overflow-hidden">
        <TableFrame label="Messages to the advertiser" busy={messages === undefined && query.isFetching}>
          <thead className={theadClass}>
            <tr>
              <Th>Time</Th>
              <Th>Ad</Th>
              <Th>Channel</Th>
              <Th>Status</Th>
              <Th className="text-right">Action</Th>
            </tr>
          </thead>
          <tbody>
            {messages === undefined ? (
              query.isError && !query.isFetching ? (
                <FailedRow columns={5} message="Failed to fetch messages" onRetry={() => query.refetch()} />
              ) : (
                <SkeletonRows rows={2} columns={5} />
              )
            ) : messages.length === 0 ? (
              <EmptyState columns={5} message="No messages yet" />
            ) : (
              messages.map((m) => {
                const state = messageState(m);
                return (
                  <tr key={m.id} className={rowClass}>
                    <td className={cx(tdClass, 'whitespace-nowrap tabular-nums text-slate-300')}>
                      <time dateTime={m.sentAt ?? m.updatedAt}>{formatDateTime(m.sentAt ?? m.updatedAt)}</time>
                    </td>
                    <td className={cx(tdClass, 'max-w-72 break-words text-slate-100')}>{m.adHeading}</td>
                    <td className={tdClass}>{channelName[m.channel]}</td>
                    <td className={tdClass}>
                      <Badge tone={state.tone}>{state.label}</Badge>
                      {m.status === 'failed' && m.lastError && (
                        <span className="mt-1 block text-xs text-slate-400">{m.lastError}</span>
                      )}
                    </td>
                    <td className={cx(tdClass, 'text-right')}>
                      {m.status === 'failed' && canRetry && (
                        <Button
                          variant="secondary"
                          size="sm"
                          aria-label={`Retry the ${channelName[m.channel]} about ${m.adHeading}`}
                          loading={retrying.isLoading && retrying.originalArgs?.id === m.id}
                          disabled={retrying.isLoading}
                          onClick={() => void retry({ id: m.id, userId })}
                        >
                          {advertiserMessageLine.retry}
                        </Button>
                      )}
                    </td>
                  </tr>
                );
              })
            )}
          </tbody>
        </TableFrame>
        {data && data.total > data.messages.length && (
          <TableCount>
            Showing the latest {data.messages.length} of {data.total} messages
          </TableCount>
        )}
      </Panel>
    </section>
  );
}
