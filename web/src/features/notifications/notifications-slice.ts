import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { NotificationItem } from '@backoffice/contract';

/**
 * When each admin last opened Common Notification, as the server time of the newest item seen
 * then (so the browser's clock never matters). Kept in the persisted store, per user id:
 * "unread" is per admin and per browser (docs/decisions/0007-dashboard.md).
 */
export interface NotificationsState {
  lastSeenAt: Record<string, string>;
}

export const initialNotificationsState: NotificationsState = { lastSeenAt: {} };

export const notificationsSlice = createSlice({
  name: 'notifications',
  initialState: initialNotificationsState,
  reducers: {
    /** Marks everything up to `at` as seen by `userId`; never moves back. */
    notificationsSeen(state, action: PayloadAction<{ userId: string; at: string }>) {
      const { userId, at } = action.payload;
      const current = state.lastSeenAt[userId];
      if (!current || Date.parse(at) > Date.parse(current)) state.lastSeenAt[userId] = at;
    },
  },
});

export const { notificationsSeen } = notificationsSlice.actions;
export const notificationsReducer = notificationsSlice.reducer;

export const selectLastSeenAt = (state: { notifications: NotificationsState }, userId: string | undefined) =>
  userId ? (state.notifications.lastSeenAt[userId] ?? null) : null;

/** Newer than the last visit and not the admin's own action. */
export function isUnread(item: NotificationItem, lastSeenAt: string | null, userId: string | undefined): boolean {
  if (item.adminId !== null && item.adminId === userId) return false;
  return lastSeenAt === null || Date.parse(item.at) > Date.parse(lastSeenAt);
}

export function hasUnread(items: NotificationItem[], lastSeenAt: string | null, userId: string | undefined): boolean {
  return items.some((item) => isUnread(item, lastSeenAt, userId));
}

/** The newest item's time (the feed is newest first), or null for an empty feed. */
export function newestAt(items: NotificationItem[]): string | null {
  return items.reduce<string | null>(
    (max, i) => (max === null || Date.parse(i.at) > Date.parse(max) ? i.at : max),
    null,
  );
}
