import { advertiserMessageLine, type AdvertiserMessage } from '@backoffice/contract';
import { Mail, MailWarning } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '../../components/ui';
import { useLatestAdvertiserMessageQuery, useRetryAdvertiserMessageMutation } from './advertiser-messages-api';

/** While a message waits for delivery the line asks again this often, so that it turns into "emailed". */
export const MESSAGE_LINE_POLL_MS = 5_000;

/** "just now", "2 min ago", "3 h ago", "2 d ago". */
export function timeAgo(iso: string, now: number): string {
  const minutes = Math.floor((now - Date.parse(iso)) / 60_000);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  return `${Math.floor(hours / 24)} d ago`;
}

function waiting(m: AdvertiserMessage | null | undefined): boolean {
  return m?.status === 'queued' || m?.status === 'sending';
}

/**
 * The ad side panel's line about the latest message to its advertiser: sent, waiting, or failed
 * with the error and a Retry. Nothing for an ad that has none (pending ads, or nobody to tell).
 */
export function AdMessageLine({ adId }: { adId: string }) {
  const [poll, setPoll] = useState(false);
  const { data: message } = useLatestAdvertiserMessageQuery(adId, {
    pollingInterval: poll ? MESSAGE_LINE_POLL_MS : 0,
  });
  const [retry, retrying] = useRetryAdvertiserMessageMutation();
  const [retryFailed, setRetryFailed] = useState(false);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  if (poll !== waiting(message)) setPoll(waiting(message));
  if (!message) return null;

  const failed = message.status === 'failed';
  const text = failed
    ? advertiserMessageLine.failed(message.channel, message.lastError)
    : message.status === 'sent'
      ? advertiserMessageLine.sent(message.channel, timeAgo(message.sentAt ?? message.updatedAt, now))
      : advertiserMessageLine.queued(message.channel);
  const Icon = failed ? MailWarning : Mail;

  return (
    <div
      className={
        failed
          ? 'mt-4 flex items-center gap-3 rounded-lg border border-rose-500/30 bg-rose-500/10 px-3 py-2 text-sm text-rose-100'
          : 'mt-4 flex items-center gap-3 text-sm text-slate-400'
      }
    >
      <Icon className="size-4 shrink-0" aria-hidden="true" />
      <p className="min-w-0 flex-1 break-words" data-testid="advertiser-message-line">
        {retryFailed ? advertiserMessageLine.retryFailed : text}
      </p>
      {failed && (
        <Button
          size="sm"
          variant="secondary"
          loading={retrying.isLoading}
          onClick={async () => {
            const result = await retry({ id: message.id, adId });
            setRetryFailed('error' in result);
          }}
        >
          {advertiserMessageLine.retry}
        </Button>
      )}
    </div>
  );
}
