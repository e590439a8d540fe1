import {
  ACTIVITY_MAX_PAGE,
  ACTIVITY_PAGE_SIZE,
  AUDIT_ACTIONS,
  AUDIT_ENTITIES,
  MAX_ACTIVITY_SEARCH,
  type ActivityParams,
  type AuditAction,
  type AuditEntity,
} from '@backoffice/contract';
import type { ActivityCountParams } from '../../lib/activity-api';
import { parse, useListState, type ListSpec } from '../../lib/list-state';

export type ActivityFilters = {
  entity?: AuditEntity;
  action?: AuditAction;
  actor?: string;
  advertiser?: string;
  from?: string;
  to?: string;
  q?: string;
};
export type FilterKey = Exclude<keyof ActivityFilters, 'q'>;

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const day = /^\d{4}-\d{2}-\d{2}$/;

/** The activity log's URL: its filters, search and page (values the server would refuse are dropped). */
const activityList: ListSpec<ActivityFilters> = {
  filters: {
    entity: parse.oneOf(AUDIT_ENTITIES),
    action: parse.oneOf(AUDIT_ACTIONS),
    actor: parse.matching(uuid),
    advertiser: parse.matching(uuid),
    from: parse.matching(day),
    to: parse.matching(day),
    q: parse.search(MAX_ACTIVITY_SEARCH),
  },
  searchMax: MAX_ACTIVITY_SEARCH,
  maxPage: ACTIVITY_MAX_PAGE,
};

/**
 * Filters, search and page of the activity log, through the list controller (lib/list-state.ts):
 * a link (the user detail page's "View all") opens the log filtered, and Back undoes a filter.
 */
export function useActivityFilters() {
  const list = useListState(activityList);
  const { filters, page } = list;
  const countParams: ActivityCountParams = filters;
  const params: ActivityParams = { ...filters, page, pageSize: ACTIVITY_PAGE_SIZE };
  return { ...list, params, countParams };
}
