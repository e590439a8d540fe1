import { useEffect, useState } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Link } from 'react-router';
import { BellOff, CircleCheck, CircleX, Clock, ImageMinus, Trash2, type LucideIcon } from 'lucide-react';
import { activityLead, dashboardText, type NotificationItem, type NotificationKind } from '@backoffice/contract';
import { Badge, Banner, PageHeader, Panel, Placeholder, cx, focusRing } from '../../components/ui';
import { formatDateTime as formatActivityTime } from '../../lib/dates';
import { paths } from '../../lib/paths';
import { selectCurrentUser } from '../../lib/session-events';
import { useGetNotificationsQuery } from './notifications-api';
import {
  isUnread,
  newestAt,
  notificationsSeen,
  selectLastSeenAt,
  type NotificationsState,
} from './notifications-slice';

const kinds: Record<NotificationKind, { icon: LucideIcon; tone: string }> = {
  pending: { icon: Clock, tone: 'bg-amber-500/15 text-amber-300' },
  approve: { icon: CircleCheck, tone: 'bg-emerald-500/15 text-emerald-300' },
  reject: { icon: CircleX, tone: 'bg-rose-500/15 text-rose-300' },
  delete: { icon: Trash2, tone: 'bg-slate-500/15 text-slate-300' },
  images: { icon: ImageMinus, tone: 'bg-sky-500/15 text-sky-300' },
};

/** A bulk action's other ads: "and 6 more ads" ("and at least 999 more" past what the feed looked at). */
function bulkRest(item: Pick<NotificationItem, 'count' | 'atLeast'>): string {
  const more = (item.count - 1).toLocaleString('en-LK');
  return `and ${item.atLeast ? 'at least ' : ''}${more} more ${item.count === 2 ? 'ad' : 'ads'}`;
}

function NotificationRow({ item, unread }: { item: NotificationItem; unread: boolean }) {
  const { icon: Icon, tone } = kinds[item.kind];
  return (
    <li className="flex items-start gap-4 px-5 py-4">
      <span className={cx('mt-0.5 rounded-lg p-2', tone)} aria-hidden="true">
        <Icon className="size-4" />
      </span>
      <div className="min-w-0 flex-1">
        <p className="text-sm text-slate-200">
          {activityLead(item.kind, item.by)} <span className="font-medium text-slate-100">{item.adHeading}</span>
          {item.count > 1 && ` ${bulkRest(item)}`}
          {unread && (
            <Badge tone="violet" className="ml-2 align-middle">
              New
            </Badge>
          )}
        </p>
        {item.reason && <p className="mt-1 text-sm text-slate-400">{item.reason}</p>}
        <p className="mt-1 text-xs text-slate-400">
          <time dateTime={item.at}>{formatActivityTime(item.at)}</time>
        </p>
      </div>
      {item.kind === 'pending' && (
        <Link
          to={`${paths.adsDirectory}?q=${encodeURIComponent(item.adHeading)}`}
          className={cx('shrink-0 rounded text-sm font-medium text-indigo-300 hover:text-indigo-200', focusRing)}
          aria-label={`Review ${item.adHeading}`}
        >
          Review
        </Link>
      )}
    </li>
  );
}

/**
 * Common Notification (docs/product.md#notifications; docs/decisions/0007-dashboard.md): ads waiting for review and the other
 * admins' latest moderation events, newest first, a bulk action once (docs/decisions/0028-verification-queue-and-confirmations.md). Opening the screen marks them seen for this admin; what was new on arrival keeps
 * its "New" badge while the screen is open.
 */
export function NotificationsPage() {
  const dispatch = useDispatch();
  const userId = useSelector(selectCurrentUser)?._id;
  const lastSeenAt = useSelector((s: { notifications: NotificationsState }) => selectLastSeenAt(s, userId));
  // The visit's starting point: later "seen" updates must not clear the badges being shown.
  const [seenBefore] = useState(lastSeenAt);
  const feed = useGetNotificationsQuery(undefined, { refetchOnMountOrArgChange: true });
  const items = feed.currentData?.notifications;

  useEffect(() => {
    const at = items ? newestAt(items) : null;
    if (userId && at) dispatch(notificationsSeen({ userId, at }));
  }, [dispatch, items, userId]);

  return (
    <>
      <PageHeader title={dashboardText.notifications} />
      {feed.isError && !items && <Banner message={{ tone: 'error', text: 'Failed to fetch notifications' }} />}
      {items === undefined && !feed.isError && (
        <Panel aria-busy="true" className="h-64 animate-pulse">
          <span className="sr-only">Loading notifications</span>
        </Panel>
      )}
      {items?.length === 0 && (
        <Placeholder icon={<BellOff className="size-10" />}>{dashboardText.noNotifications}</Placeholder>
      )}
      {items && items.length > 0 && (
        <Panel flush>
          <ul aria-label="Notifications" className="divide-y divide-slate-800">
            {items.map((item) => (
              <NotificationRow key={item.id} item={item} unread={isUnread(item, seenBefore, userId)} />
            ))}
          </ul>
        </Panel>
      )}
    </>
  );
}
